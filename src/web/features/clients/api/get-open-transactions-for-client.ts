// GET /api/client-transactions/open?clientId=: one client's open loans, asked fresh when the dashboard
// takes a return (the list on screen may be a few seconds old).
import type { ClientTransaction } from '../../../../shared/clients.ts';
import { api } from '../../../lib/api-client.ts';
import { CLIENT_LIST_LIMIT, OPEN_CLIENT_TRANSACTIONS_PATH } from './paths.ts';

/** Newest first; all of them (up to the server's page maximum), so the last is the oldest. */
export const getOpenTransactionsForClient = (clientId: number) =>
  api.get<ClientTransaction[]>(`${OPEN_CLIENT_TRANSACTIONS_PATH}?clientId=${clientId}&limit=${CLIENT_LIST_LIMIT}`);
