// The clients API paths; the first part of every query key (spec §7: the path is the cache key).
import type { ChangeTag } from '../../../../shared/change-tags.ts';

export const CLIENTS_PATH = '/api/clients';
export const CLIENT_TRANSACTIONS_PATH = '/api/client-transactions';
export const OPEN_CLIENT_TRANSACTIONS_PATH = '/api/client-transactions/open';
export const clientPath = (id: number) => `${CLIENTS_PATH}/${id}`;
export const clientStatementPath = (id: number) => `${CLIENTS_PATH}/${id}/statement`;

/** What a lend or a return changes: the clients and loans, and the agent's crate counts. */
export const LOAN_CHANGES: readonly ChangeTag[] = ['clients', 'crates'];

/** Every client fits on one screen: an agent's whole list, the server's page maximum. */
export const CLIENT_LIST_LIMIT = 500;
