// GET /api/reports/summary: the Reports screen's figures for the chosen period and agent.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportSummary, ReportType } from '../../../../shared/reports.ts';
import { api } from '../../../lib/api-client.ts';
import { pollEvery } from '../../../lib/polling.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { REPORT_SUMMARY_PATH, REPORT_TAGS } from './paths.ts';

/** reportType: what blank dates mean (decision 041). */
export type SummaryFilter = { reportType: ReportType; startDate: string; endDate: string; selectedAgentId: string };

export const summaryUrl = ({ reportType, startDate, endDate, selectedAgentId }: SummaryFilter) => {
  const params = new URLSearchParams({ reportType });
  if (startDate) params.set('startDate', startDate);
  if (endDate) params.set('endDate', endDate);
  if (selectedAgentId && selectedAgentId !== 'all') params.set('selectedAgentId', selectedAgentId);
  const query = params.toString();
  return query ? `${REPORT_SUMMARY_PATH}?${query}` : REPORT_SUMMARY_PATH;
};

export const reportSummaryQueryOptions = (filter: SummaryFilter) =>
  queryOptions({
    queryKey: [summaryUrl(filter)],
    queryFn: () => api.get<ReportSummary>(summaryUrl(filter)),
    meta: tagged(...REPORT_TAGS),
    // Live updates refresh it; a report is not worth polling every 3 s.
    refetchInterval: pollEvery(30_000),
    placeholderData: keepPreviousData,
  });

export const useReportSummary = (filter: SummaryFilter, enabled = true) =>
  useQuery({ ...reportSummaryQueryOptions(filter), enabled });
