// The clients API paths; the first part of every query key (spec §7: the path is the cache key).

export const CLIENTS_PATH = '/api/clients';
export const CLIENT_TRANSACTIONS_PATH = '/api/client-transactions';
export const OPEN_CLIENT_TRANSACTIONS_PATH = '/api/client-transactions/open';
export const clientPath = (id: number) => `${CLIENTS_PATH}/${id}`;
export const clientStatementPath = (id: number) => `${CLIENTS_PATH}/${id}/statement`;

/** Every client fits on one screen: an agent's whole list, the server's page maximum. */
export const CLIENT_LIST_LIMIT = 500;
