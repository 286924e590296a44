// The transmissions API paths; the first part of every query key (spec §7: the path is the cache key).

export const TRANSMISSIONS_PATH = '/api/transmissions';
export const RECENT_TRANSMISSIONS_PATH = '/api/transmissions/recent';
export const FLAGGED_TRANSMISSIONS_PATH = '/api/transmissions/flagged';
export const INCOMING_TRANSMISSIONS_PATH = '/api/transmissions/incoming';

/** Spec §2 polling: the farm store's transmissions every 5 s, a market agent's every 3 s. */
export const transmissionsPollMs = (role: string) => (role === 'market_agent' ? 3000 : 5000);
