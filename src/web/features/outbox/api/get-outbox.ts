// GET /api/outbox: every e-mail the app has sent or kept, newest first (farm store).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxEntry } from '../../../../shared/outbox.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';

export const OUTBOX_PATH = '/api/outbox';

export const getOutbox = () => api.get<OutboxEntry[]>(OUTBOX_PATH);

// Every e-mail queued or delivered records an 'outbox' change, so the card follows deliveries live.
export const outboxQueryOptions = () =>
  queryOptions({ queryKey: [OUTBOX_PATH], queryFn: getOutbox, meta: tagged('outbox') });

export const useOutbox = () => useQuery(outboxQueryOptions());
