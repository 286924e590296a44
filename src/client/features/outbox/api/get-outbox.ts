// GET /api/outbox: every e-mail the app has sent or kept, newest first (farm store).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxEntry } from '../../../../shared/outbox.ts';
import { api } from '../../../lib/api-client.ts';

export const OUTBOX_PATH = '/api/outbox';

export const getOutbox = () => api.get<OutboxEntry[]>(OUTBOX_PATH);

export const outboxQueryOptions = () => queryOptions({ queryKey: [OUTBOX_PATH], queryFn: getOutbox });

export const useOutbox = () => useQuery(outboxQueryOptions());
