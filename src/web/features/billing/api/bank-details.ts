// GET and PUT /api/market-agents/me/bank-details: the signed-in agent's own bank details, in full.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankDetails, BankDetailsInput } from '../../../../shared/billing.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags, tagged } from '../../../lib/query-tags.ts';
import { BANK_DETAILS_PATH } from './paths.ts';

export const bankDetailsQueryOptions = () =>
  queryOptions({
    queryKey: [BANK_DETAILS_PATH],
    meta: tagged('billing'),
    queryFn: () => api.get<BankDetails>(BANK_DETAILS_PATH),
    // Only the agent changes them; no polling beyond the defaults' focus and mount refetch.
    refetchInterval: false,
  });

export const useBankDetails = () => useQuery(bankDetailsQueryOptions());

export const saveBankDetails = (body: BankDetailsInput) => api.put<BankDetails>(BANK_DETAILS_PATH, body);

export function useSaveBankDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBankDetails,
    // The agent's own record carries the bank name (Market Agents screen, billing's warning).
    // Only what the answer does not announce ('billing' it does): 'crates' (decision 072).
    onSuccess: () => void invalidateTags(queryClient, ['crates']),
  });
}
