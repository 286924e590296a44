// GET /api/client-transactions/open?clientId=: one client's open loans, asked fresh when the dashboard
// takes a return (the list on screen may be a few seconds old).
import type { ClientTransaction } from '../../../../shared/clients.ts';
import { api } from '../../../lib/api-client.ts';
import { OPEN_CLIENT_TRANSACTIONS_PATH } from './paths.ts';

export const getOpenTransactionsForClient = (clientId: number) =>
  api.get<ClientTransaction[]>(`${OPEN_CLIENT_TRANSACTIONS_PATH}?clientId=${clientId}`);
