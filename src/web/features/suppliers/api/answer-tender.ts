// POST /api/suppliers/tenders/{id}/accept or /reject: the supplier answers a tender, once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tender } from '../../../../shared/suppliers.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { MY_TENDERS_PATH, SUPPLIER_CHANGES } from './paths.ts';

export type TenderAnswer = 'accept' | 'reject';

export const answerTender = ({ id, answer }: { id: number; answer: TenderAnswer }) =>
  api.post<Tender>(`${MY_TENDERS_PATH}/${id}/${answer}`);

export function useAnswerTender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerTender,
    // A refusal changes nothing and announces nothing: the list may be out of date (decision 072).
    onError: () => void invalidateTags(queryClient, SUPPLIER_CHANGES),
  });
}
