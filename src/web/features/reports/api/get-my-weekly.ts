// GET /api/reports/my-weekly: the signed-in agent's own last 7 days (its weekly e-mail's figures).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WeeklySummary } from '../../../../shared/reports.ts';
import { api } from '../../../lib/api-client.ts';
import { pollEvery } from '../../../lib/polling.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { MY_WEEKLY_PATH, REPORT_TAGS } from './paths.ts';

export const myWeeklyQueryOptions = () =>
  queryOptions({
    queryKey: [MY_WEEKLY_PATH],
    queryFn: () => api.get<WeeklySummary>(MY_WEEKLY_PATH),
    meta: tagged(...REPORT_TAGS),
    refetchInterval: pollEvery(30_000),
  });

export const useMyWeekly = () => useQuery(myWeeklyQueryOptions());
