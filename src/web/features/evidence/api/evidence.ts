// /api/evidence (decision 053): a record's photos, and attaching one — sent at once, or kept on the
// phone's queue when it can't be (or behind the change it goes with, decision 061).
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AttachEvidenceBody, Evidence, EvidenceRecordKind } from '../../../../shared/evidence.ts';
import { api } from '../../../lib/api-client.ts';
import { sendOrQueue } from '../../../lib/offline/send-or-queue.ts';
import { tagged } from '../../../lib/query-tags.ts';

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

export type AttachEvidenceInput = {
  body: AttachEvidenceBody;
  /** What the photo shows, for the list of waiting changes. */
  subject: string;
  /** The change waiting on the phone that the photo goes with. */
  after?: string;
};

export function useAttachEvidence() {
  return useMutation({
    mutationFn: ({ body, subject, after }: AttachEvidenceInput) =>
      sendOrQueue<Evidence>(
        { kind: 'attach-photo', what: 'Attach a photo', who: subject, crates: null }, // i18n-ignore: stored; said by kind
        { method: 'POST', path: EVIDENCE_PATH, body },
        { after },
      ),
    networkMode: 'always',
    // The record's photo list is tagged 'crates' too (evidenceQueryOptions): one invalidation refreshes it.
  });
}
