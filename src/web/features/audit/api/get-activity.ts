// GET /api/audit: the audit trail for Settings → Activity, newest first, a page at a time
// (?limit=&before=), filtered by person, action and farm days (decision 027).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type AuditEntry, auditFilterSearch } from '../../../../shared/audit.ts';
import { changeTags } from '../../../../shared/change-tags.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';

export const AUDIT_PATH = '/api/audit';
export const ACTIVITY_PAGE_SIZE = 50;

export type ActivityFilter = { userId?: number; action?: string; from?: string; to?: string };

export const getActivity = (filter: ActivityFilter, before?: number) =>
  api.get<AuditEntry[]>(
    `${AUDIT_PATH}?${auditFilterSearch({ ...filter })}&limit=${ACTIVITY_PAGE_SIZE}${before === undefined ? '' : `&before=${before}`}`,
  );

// Every change the farm store hears of appended a row: any tag refetches the list.
export const activityQueryOptions = (filter: ActivityFilter) =>
  infiniteQueryOptions({
    queryKey: [AUDIT_PATH, filter],
    meta: tagged(...changeTags),
    queryFn: ({ pageParam }) => getActivity(filter, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length < ACTIVITY_PAGE_SIZE ? undefined : last[last.length - 1]?.id),
  });

export const useActivity = (filter: ActivityFilter, enabled = true) =>
  useInfiniteQuery({ ...activityQueryOptions(filter), enabled });
