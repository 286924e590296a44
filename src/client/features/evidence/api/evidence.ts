// /api/evidence (decision 053): a record's photos, and attaching one.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttachEvidenceBody, Evidence, EvidenceRecordKind } from '../../../../shared/evidence.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags, tagged } from '../../../lib/query-tags.ts';

export const EVIDENCE_PATH = '/api/evidence';

export const evidenceQueryOptions = (recordKind: EvidenceRecordKind, recordId: number) =>
  queryOptions({
    queryKey: [EVIDENCE_PATH, recordKind, recordId],
    queryFn: () => api.get<Evidence[]>(`${EVIDENCE_PATH}?recordKind=${recordKind}&recordId=${recordId}`),
    // A photo attached by the other side arrives with the 'crates' change event.
    meta: tagged('crates'),
  });

export const useEvidence = (recordKind: EvidenceRecordKind, recordId: number) =>
  useQuery(evidenceQueryOptions(recordKind, recordId));

export function useAttachEvidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AttachEvidenceBody) => api.post<Evidence>(EVIDENCE_PATH, body),
    // The record's photo list is tagged 'crates' too (evidenceQueryOptions): one invalidation refreshes it.
    onSuccess: () => invalidateTags(queryClient, ['crates']),
  });
}
