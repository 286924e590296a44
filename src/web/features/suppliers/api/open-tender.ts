// POST /api/tenders: the farm store opens a tender on a supplier's active offer.
import { useMutation } from '@tanstack/react-query';
import type { CreateTenderInput, Tender } from '../../../../shared/suppliers.ts';
import { api } from '../../../lib/api-client.ts';
import { TENDERS_PATH } from './paths.ts';

export const openTender = (body: CreateTenderInput) => api.post<Tender>(TENDERS_PATH, body);

export function useOpenTender() {
  return useMutation({
    mutationFn: openTender,
  });
}
