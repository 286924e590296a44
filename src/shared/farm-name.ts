// The farm's one name (decision 067): set in the farm store's Settings, FARM_NAME its first value, and
// until either is set the name the public site has always shown. On statements, PDFs and the public site.
// No zod here: the public site reads it (decision 008); the request schemas are in farm-name-schemas.ts.
// The messages' English is in the catalogue (src/shared/i18n/en/farm-name.json, decision 065).

import farmNameEnglish from './i18n/en/farm-name.json' with { type: 'json' };
import { addEnglish, english } from './i18n/english.ts';

addEnglish({ 'farm-name': farmNameEnglish });

/** The name the public site showed before a farm named itself. */
export const DEFAULT_FARM_NAME = 'Cratekeeper Pepper Farm';
export const FARM_NAME_MAX = 100;

export const farmNameMessages = {
  required: english('farm-name.required'),
  tooLong: english('farm-name.tooLong', { max: String(FARM_NAME_MAX) }),
  saved: english('farm-name.saved'),
} as const;

/** Where the name comes from: the Settings field, FARM_NAME, or neither yet. */
export type FarmName = { name: string; source: 'settings' | 'configured' | 'default' };
