// POST /api/reports/email: the report's PDF to the agents picked, the chosen agent or every active
// agent; and its preview (decision 046), which sends nothing.
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { EmailPreview, EmailReportInput, RecipientCountResponse } from '../../../../shared/reports.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { REPORT_EMAIL_PATH, REPORT_EMAIL_PREVIEW_PATH } from './paths.ts';

export const emailReport = (body: EmailReportInput) => api.post<RecipientCountResponse>(REPORT_EMAIL_PATH, body);

export function useEmailReport() {
  return useMutation({ mutationFn: emailReport });
}

/** The e-mail as its first recipient will get it: the figures it carries, and who it goes to. */
export const emailPreviewQueryOptions = (body: EmailReportInput) =>
  queryOptions({
    queryKey: [REPORT_EMAIL_PREVIEW_PATH, body],
    queryFn: () => api.post<EmailPreview>(REPORT_EMAIL_PREVIEW_PATH, body),
    meta: tagged('transmissions', 'users'),
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
  });

export const useEmailPreview = (body: EmailReportInput) => useQuery(emailPreviewQueryOptions(body));
