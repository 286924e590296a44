// Crates handed back against one open loan. The clients page sends PUT /api/client-transactions/{id}
// {quantityReturned}; the dashboard PUT /api/client-transactions/{id}/return {quantityReturned, notes}
// (spec §7's two variants; the server treats them alike).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientTransaction } from '../../../../shared/clients.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { CLIENT_TRANSACTIONS_PATH, LOAN_CHANGES } from './paths.ts';

export type ReturnCratesInput = {
  id: number;
  quantityReturned: number;
  notes?: string;
  /** 'dashboard' uses the /return path with notes. */
  variant?: 'clients-page' | 'dashboard';
};

export const returnCrates = ({ id, quantityReturned, notes, variant = 'clients-page' }: ReturnCratesInput) =>
  variant === 'dashboard'
    ? api.put<ClientTransaction>(`${CLIENT_TRANSACTIONS_PATH}/${id}/return`, { quantityReturned, notes })
    : api.put<ClientTransaction>(`${CLIENT_TRANSACTIONS_PATH}/${id}`, { quantityReturned });

export function useReturnCrates() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: returnCrates, onSuccess: () => void invalidateTags(queryClient, LOAN_CHANGES) });
}
