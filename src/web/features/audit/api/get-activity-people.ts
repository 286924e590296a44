// GET /api/audit/people: every account, for the Activity screen's person filter.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPerson } from '../../../../shared/audit.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';

export const AUDIT_PEOPLE_PATH = '/api/audit/people';

export const activityPeopleQueryOptions = () =>
  queryOptions({
    queryKey: [AUDIT_PEOPLE_PATH],
    queryFn: () => api.get<AuditPerson[]>(AUDIT_PEOPLE_PATH),
    meta: tagged('users'),
  });

export const useActivityPeople = () => useQuery(activityPeopleQueryOptions());
