// Suppliers (spec §3 Supplier): their record and approval state.
import { z } from 'zod';
import { messages as authMessages, isPhoneNumber, MIN_PASSWORD_LENGTH } from './auth-labels.ts';
import {
  idParams,
  jsonId,
  multilineText,
  oneOf,
  pageQuery,
  rawText,
  requiredText,
  text,
  wholeNumber,
} from './fields.ts';
import { instant } from './http.ts';
import { certificationTypes, MAX_OFFER_CRATES, supplierMessages } from './suppliers-labels.ts';

// The zod-free half (labels, limits, messages) lives in suppliers-labels.ts, so screens that only show
// them need not load zod; it is re-exported here.
export * from './suppliers-labels.ts';

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
  /** What the caller may do with it: the farm store approves or rejects it. */
  canApprove: z.boolean(),
  canReject: z.boolean(),
});
export type Supplier = z.infer<typeof supplierSchema>;

// --- Registration wizard, offers, tenders, metrics, crate requests (decision 021) ---

/** numeric(12,2): ten digits before the point. */
const MAX_AMOUNT_DIGITS = 10;

/** A positive rand amount as an exact decimal string ("1250", "1250.5", "1250.50"); sent back as "1250.50". */
export const positiveAmount = (message: string = supplierMessages.amount) =>
  z
    .string({ error: message })
    .trim()
    .regex(new RegExp(`^\\d{1,${MAX_AMOUNT_DIGITS}}(\\.\\d{1,2})?$`), message)
    .refine((v) => /[1-9]/.test(v), message);

const farmDetails = {
  businessName: requiredText(supplierMessages.farmDetailsRequired, 200),
  contactPerson: requiredText(supplierMessages.farmDetailsRequired, 100),
  contactNumber: requiredText(supplierMessages.farmDetailsRequired, 40).refine(
    isPhoneNumber,
    authMessages.contactNumberInvalid,
  ),
  farmLocation: requiredText(supplierMessages.farmDetailsRequired, 200),
  certificationType: z.enum(certificationTypes, { error: supplierMessages.farmDetailsRequired }),
};

/** Optional banking (spec §5): blank means not given. */
const bankDetails = {
  bankName: text(100).optional(),
  accountNumber: text(30)
    .refine((v) => v === '' || /^\d[\d ]*$/.test(v), supplierMessages.accountNumberDigits)
    .optional(),
  branchCode: text(20).optional(),
  accountHolderName: text(100).optional(),
};

/** Wizard step 1 (spec §5): the account, with the confirmation only the form has. */
export const supplierAccountStep = z
  .object({
    name: requiredText(supplierMessages.fillRequired, 100),
    email: requiredText(supplierMessages.fillRequired, 254).pipe(z.email(supplierMessages.emailInvalid)),
    password: rawText(supplierMessages.fillRequired).min(1, supplierMessages.fillRequired),
    confirmPassword: rawText(supplierMessages.fillRequired).min(1, supplierMessages.fillRequired),
  })
  .superRefine((v, ctx) => {
    if (!v.password || !v.confirmPassword) return;
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: supplierMessages.passwordsMismatch, path: ['confirmPassword'] });
    } else if (v.password.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', message: supplierMessages.passwordTooShort, path: ['password'] });
    }
  });

/** Wizard step 2 (spec §5): farm and business details required, banking optional. */
export const supplierFarmStep = z.object({ ...farmDetails, ...bankDetails, produceTypes: text(500).optional() });

/** POST /api/auth/register-supplier (spec §7): the wizard's fields; role is 'supplier' or absent. */
export const registerSupplierBody = z.object({
  name: requiredText(supplierMessages.fillRequired, 100),
  email: requiredText(supplierMessages.fillRequired, 254).pipe(z.email(supplierMessages.emailInvalid)),
  password: rawText(supplierMessages.fillRequired).min(MIN_PASSWORD_LENGTH, supplierMessages.passwordTooShort),
  role: z.literal('supplier', { error: supplierMessages.suppliersOnly }).optional(),
  ...farmDetails,
  ...bankDetails,
  produceTypes: text(500).optional(),
});
export type RegisterSupplierInput = z.input<typeof registerSupplierBody>;
export type RegisterSupplierBody = z.infer<typeof registerSupplierBody>;

/** PATCH /api/suppliers/me: the supplier's own profile and bank details (settings tab). */
export const updateSupplierBody = z.object({ ...farmDetails, ...bankDetails });
export type UpdateSupplierInput = z.input<typeof updateSupplierBody>;

/** A supplier's farm and bank details as stored: a blank bank field is not given (null), an account number has no spaces. */
export function supplierDetailsRecord(body: z.infer<typeof updateSupplierBody>) {
  const given = (v: string | undefined) => (v ? v : null);
  return {
    businessName: body.businessName,
    contactPerson: body.contactPerson,
    contactNumber: body.contactNumber,
    farmLocation: body.farmLocation,
    certificationType: body.certificationType,
    bankName: given(body.bankName),
    accountNumber: given(body.accountNumber?.replace(/\s/g, '')),
    branchCode: given(body.branchCode),
    accountHolderName: given(body.accountHolderName),
  };
}

/** A supplier with its crate figures (spec §3; decision 021 defines them). */
export const supplierWithCratesSchema = supplierSchema.extend({
  totalCratesOwned: z.number(),
  availableCrates: z.number(),
  cratesInUse: z.number(),
});
export type SupplierWithCrates = z.infer<typeof supplierWithCratesSchema>;

export const supplierMetricsSchema = z.object({
  activeOffers: z.number(),
  totalOffers: z.number(),
  openTenders: z.number(),
  /** Average farm quote over the supplier's tenders, a decimal string ("0.00" with none). */
  averageQuote: z.string(),
  /** Sum of the final prices of accepted tenders, a decimal string. */
  totalRevenue: z.string(),
});
export type SupplierMetrics = z.infer<typeof supplierMetricsSchema>;

const offerFields = {
  produceName: requiredText(supplierMessages.produceNameRequired, 100),
  produceType: requiredText(supplierMessages.produceTypeRequired, 100),
  quality: requiredText(supplierMessages.qualityRequired, 100),
  quantityCrates: wholeNumber(supplierMessages.quantityCrates, 1, MAX_OFFER_CRATES),
  unitWeight: text(50).optional(),
  description: multilineText(1000).optional(),
};

export const createOfferBody = z.object({ ...offerFields, isActive: z.boolean().optional() });
export type CreateOfferInput = z.input<typeof createOfferBody>;

export const updateOfferBody = z
  .object({ ...offerFields, isActive: z.boolean() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, supplierMessages.nothingToUpdate);
export type UpdateOfferInput = z.input<typeof updateOfferBody>;

export const offerSchema = z.object({
  id: z.number(),
  supplierId: z.number(),
  produceName: z.string(),
  produceType: z.string(),
  quality: z.string(),
  quantityCrates: z.number(),
  unitWeight: z.string().nullable(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
});
export type ProduceOffer = z.infer<typeof offerSchema>;

/** An offer as the farm store sees it: with its supplier and whether a tender on it is open. */
export const marketOfferSchema = offerSchema.extend({
  businessName: z.string(),
  farmLocation: z.string(),
  certificationType: z.enum(certificationTypes),
  hasOpenTender: z.boolean(),
  /** Whether the caller may open a tender on it now. */
  canOpenTender: z.boolean(),
});
export type MarketOffer = z.infer<typeof marketOfferSchema>;

export const tenderStatuses = ['pending', 'accepted', 'rejected'] as const;
export type TenderStatus = (typeof tenderStatuses)[number];

export const createTenderBody = z.object({
  offerId: jsonId(supplierMessages.offerRequired),
  farmQuote: positiveAmount(),
  marketQuote: positiveAmount().optional(),
  notes: multilineText(1000).optional(),
});
export type CreateTenderInput = z.input<typeof createTenderBody>;

export const tenderSchema = z.object({
  id: z.number(),
  offerId: z.number(),
  supplierId: z.number(),
  status: z.enum(tenderStatuses),
  farmQuote: z.string(),
  marketQuote: z.string().nullable(),
  finalPrice: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: instant,
  respondedAt: instant.nullable(),
  produceName: z.string(),
  quantityCrates: z.number(),
  businessName: z.string(),
  /** Whether the caller may accept or reject it now: the supplier it was sent to, while pending. */
  canAnswer: z.boolean(),
});
export type Tender = z.infer<typeof tenderSchema>;

/** A supplier's crate request (a supplier_to_farm transmission, decision 012) as the two sides see it. */
export const crateRequestSchema = z.object({
  id: z.number(),
  quantity: z.number(),
  actualQuantity: z.number().nullable(),
  notes: z.string().nullable(),
  status: z.string(),
  sentAt: instant,
  acknowledgedAt: instant.nullable(),
  supplierId: z.number().nullable(),
  businessName: z.string().nullable(),
  requestedBy: z.string(),
  /** Whether the caller may fulfil it now: the farm store, while pending and the supplier's account is active. */
  canFulfil: z.boolean(),
});
export type CrateRequest = z.infer<typeof crateRequestSchema>;

export const crateRequestsQuery = pageQuery.extend({
  status: oneOf('status', ['pending', 'all']).optional(),
});

export const supplierIdParams = idParams();
export const offerIdParams = idParams();
export const tenderIdParams = idParams();
export { pageQuery as supplierListQuery };
