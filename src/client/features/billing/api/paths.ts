// The billing API paths; the first part of every query key (spec §7: the path is the cache key).
export const CURRENT_CYCLE_PATH = '/api/billing/current-cycle';
export const LAST_CYCLE_PATH = '/api/billing/last-cycle';
export const RECORDS_PATH = '/api/billing/records';
export const CREATE_CYCLE_PATH = '/api/billing/create-cycle';
export const payoutPath = (cycleId: number) => `/api/billing/cycles/${cycleId}/payout.csv`;
export const EARNINGS_HISTORY_PATH = '/api/market-agents/earnings/history';
export const BANK_DETAILS_PATH = '/api/market-agents/me/bank-details';
/** Built by the reports feature on the server (spec §7). */
export const GENERATE_REPORT_PATH = '/api/reports/generate';
export const WEEKLY_REPORTS_PATH = '/api/notifications/weekly-reports';
/** How many records a cycle's screen asks for (the server's page maximum; a farm has tens of agents). */
export const RECORDS_PAGE = 500;
