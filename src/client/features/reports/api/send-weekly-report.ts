// POST /api/reports/weekly: every active agent gets its own weekly summary now.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecipientCountResponse } from '../../../../shared/reports.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { REPORT_WEEKLY_PATH } from './paths.ts';

export const sendWeeklyReport = () => api.post<RecipientCountResponse>(REPORT_WEEKLY_PATH);

export function useSendWeeklyReport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendWeeklyReport, onSuccess: () => void invalidateTags(queryClient, ['outbox']) });
}
