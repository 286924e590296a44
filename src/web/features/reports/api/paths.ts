// The reports endpoints (spec §7) and what their figures depend on.
import type { ChangeTag } from '../../../../shared/change-tags.ts';

export const REPORT_SUMMARY_PATH = '/api/reports/summary';
export const REPORT_GENERATE_PATH = '/api/reports/generate';
export const REPORT_EMAIL_PATH = '/api/reports/email';
export const REPORT_EMAIL_PREVIEW_PATH = '/api/reports/email/preview';
export const REPORT_WEEKLY_PATH = '/api/reports/weekly';
export const MY_WEEKLY_PATH = '/api/reports/my-weekly';

/** A report's figures change with transmissions, crates, agents and billing. */
export const REPORT_TAGS: ChangeTag[] = ['transmissions', 'crates', 'users', 'billing', 'clients'];
