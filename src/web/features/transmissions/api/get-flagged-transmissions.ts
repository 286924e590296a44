// The farm store's open flagged differences: counts that did not match what was sent.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { api } from '../../../lib/api-client.ts';
import { pollEvery } from '../../../lib/polling.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { FLAGGED_TRANSMISSIONS_PATH } from './paths.ts';

const path = `${FLAGGED_TRANSMISSIONS_PATH}?state=open`;

export const flaggedTransmissionsQueryOptions = () =>
  queryOptions({ queryKey: [path], queryFn: () => api.get<Transmission[]>(path), meta: tagged('transmissions') });

export const useFlaggedTransmissions = () =>
  useQuery({ ...flaggedTransmissionsQueryOptions(), refetchInterval: pollEvery(5000) });
