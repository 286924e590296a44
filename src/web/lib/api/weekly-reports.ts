// The weekly summaries' preview and send (decision 046), shared by the Reports screen's 'Send Weekly
// Report' (POST /api/reports/weekly) and the Billing screen's 'Send Weekly Reports' (POST
// /api/notifications/weekly-reports): both send the same summaries, once per agent per farm week.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { RecipientCountResponse, WeeklyPreview } from '../../../shared/reports.ts';
import { api } from '../api-client.ts';
import { tagged } from '../query-tags.ts';

export const WEEKLY_PREVIEW_PATH = '/api/reports/weekly/preview';
export type WeeklySendPath = '/api/reports/weekly' | '/api/notifications/weekly-reports';

/** Who gets a summary now and who already had this week's, asked afresh each time the dialog opens. */
export const weeklyPreviewQueryOptions = () =>
  queryOptions({
    queryKey: [WEEKLY_PREVIEW_PATH],
    queryFn: () => api.post<WeeklyPreview>(WEEKLY_PREVIEW_PATH, {}),
    meta: tagged('outbox', 'users', 'transmissions'),
    staleTime: 0,
    gcTime: 0,
  });

export const useWeeklyPreview = () => useQuery(weeklyPreviewQueryOptions());

export function useSendWeekly(path: WeeklySendPath) {
  return useMutation({
    mutationFn: () => api.post<RecipientCountResponse>(path, {}),
  });
}
