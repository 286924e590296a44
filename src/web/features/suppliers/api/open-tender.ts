// POST /api/tenders: the farm store opens a tender on a supplier's active offer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTenderInput, Tender } from '../../../../shared/suppliers.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { SUPPLIER_CHANGES, TENDERS_PATH } from './paths.ts';

export const openTender = (body: CreateTenderInput) => api.post<Tender>(TENDERS_PATH, body);

export function useOpenTender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openTender,
    onSuccess: () => void invalidateTags(queryClient, SUPPLIER_CHANGES),
  });
}
