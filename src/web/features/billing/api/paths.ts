// The billing API paths; the first part of every query key (spec §7: the path is the cache key).
export const CURRENT_CYCLE_PATH = '/api/billing/current-cycle';
export const LAST_CYCLE_PATH = '/api/billing/last-cycle';
export const CYCLES_PATH = '/api/billing/cycles';
export const cyclePath = (cycleId: number) => `${CYCLES_PATH}/${cycleId}`;
export const UNBILLED_PATH = '/api/billing/unbilled';
export const RECORDS_PATH = '/api/billing/records';
export const CREATE_CYCLE_PATH = '/api/billing/create-cycle';
export const paymentsPath = (cycleId: number) => `${CYCLES_PATH}/${cycleId}/payments`;
export const payoutSummaryPath = (cycleId: number) => `${CYCLES_PATH}/${cycleId}/payout`;
export const payoutPath = (cycleId: number) => `${CYCLES_PATH}/${cycleId}/payout.csv`;
export const EARNINGS_HISTORY_PATH = '/api/market-agents/earnings/history';
export const BANK_DETAILS_PATH = '/api/market-agents/me/bank-details';
/** Built by the reports feature on the server (spec §7). */
export const GENERATE_REPORT_PATH = '/api/reports/generate';
export const WEEKLY_REPORTS_PATH = '/api/notifications/weekly-reports';
/** How many records a cycle's screen asks for (the server's page maximum; a farm has tens of agents). */
export const RECORDS_PAGE = 500;
/** How many cycles All Cycles lists: the server's page maximum, ten years of weekly cycles. */
export const CYCLES_PAGE = 500;
/** How many unbilled returns the notice names (the totals cover all of them). */
export const UNBILLED_PAGE = 20;
