// Suppliers (spec §3 Supplier): their record and approval state.
import { z } from 'zod';
import { instant } from './http.ts';

export const certificationTypes = ['class1', 'organic', 'gmp', 'globalGAP', 'other'] as const;
export const certificationLabels: Record<(typeof certificationTypes)[number], string> = {
  class1: 'Class 1',
  organic: 'Organic',
  gmp: 'GMP',
  globalGAP: 'GlobalG.A.P.',
  other: 'Other',
};

export const supplierSchema = z.object({
  id: z.number(),
  userId: z.number(),
  businessName: z.string(),
  contactPerson: z.string(),
  contactNumber: z.string(),
  farmLocation: z.string(),
  produceTypes: z.string(),
  certificationType: z.enum(certificationTypes),
  status: z.enum(['pending', 'approved', 'rejected']),
  isApproved: z.boolean(),
  bankName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  branchCode: z.string().nullable(),
  accountHolderName: z.string().nullable(),
  createdAt: instant,
});
export type Supplier = z.infer<typeof supplierSchema>;
