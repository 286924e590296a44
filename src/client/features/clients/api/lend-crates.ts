// POST /api/client-transactions: lend full crates to a client (clientId, quantityBorrowed, notes).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientTransaction, LendBody } from '../../../../shared/clients.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { CLIENT_TRANSACTIONS_PATH, LOAN_CHANGES } from './paths.ts';

export const lendCrates = (body: LendBody) => api.post<ClientTransaction>(CLIENT_TRANSACTIONS_PATH, body);

export function useLendCrates() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: lendCrates, onSuccess: () => void invalidateTags(queryClient, LOAN_CHANGES) });
}
