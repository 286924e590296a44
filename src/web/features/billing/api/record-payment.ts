// POST /api/billing/cycles/{cycleId}/payments: the farm store records that it paid the cycle's payout
// file (every agent owed money who has bank details) or, with marketAgentId, one agent. Irreversible.
import { useMutation } from '@tanstack/react-query';
import type { BillingCycle, Payment, RecordPaymentInput } from '../../../../shared/billing.ts';
import { api } from '../../../lib/api-client.ts';
import { paymentsPath } from './paths.ts';

export type RecordPaymentResult = { cycle: BillingCycle; payments: Payment[] };

export const recordPayment = ({ cycleId, ...body }: RecordPaymentInput & { cycleId: number }) =>
  api.post<RecordPaymentResult>(paymentsPath(cycleId), body);

export function useRecordPayment() {
  return useMutation({
    mutationFn: recordPayment,
  });
}
