// POST /api/reports/email: the report's PDF to the chosen agent or every active agent.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecipientCountResponse, ReportRequestInput } from '../../../../shared/reports.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { REPORT_EMAIL_PATH } from './paths.ts';

export const emailReport = (body: ReportRequestInput) => api.post<RecipientCountResponse>(REPORT_EMAIL_PATH, body);

export function useEmailReport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: emailReport, onSuccess: () => void invalidateTags(queryClient, ['outbox']) });
}
