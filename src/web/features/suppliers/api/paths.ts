// The suppliers API's paths and what a change to it touches (decision 021).
import type { ChangeTag } from '../../../../shared/change-tags.ts';

export const SUPPLIERS_PATH = '/api/suppliers';
export const PENDING_SUPPLIERS_PATH = '/api/suppliers/pending';
export const REJECTED_SUPPLIERS_PATH = '/api/suppliers/rejected';
export const SUPPLIER_METRICS_PATH = '/api/suppliers/metrics';
export const MY_OFFERS_PATH = '/api/suppliers/offers';
export const MY_TENDERS_PATH = '/api/suppliers/tenders';
export const CRATE_REQUESTS_PATH = '/api/suppliers/crate-requests';
export const MARKET_OFFERS_PATH = '/api/produce-offers';
export const TENDERS_PATH = '/api/tenders';
export const TRANSMISSIONS_PATH = '/api/transmissions';

/** Spec §2: the farm store polls pending suppliers every 10 s. */
export const PENDING_SUPPLIERS_POLL_MS = 10_000;
/** Crate requests follow the farm store's transmissions polling (5 s). */
export const CRATE_REQUESTS_POLL_MS = 5_000;

export const SUPPLIER_CHANGES: ChangeTag[] = ['suppliers'];
export const CRATE_REQUEST_CHANGES: ChangeTag[] = ['transmissions', 'crates', 'suppliers'];
