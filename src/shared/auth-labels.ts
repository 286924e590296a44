// Accounts' roles, their labels, the password length and the spec §5 messages, without zod, so the
// signed-in frame can show them without building the request schemas (decision 033).
// src/shared/auth.ts re-exports all of it, with the schemas. The English lives in the catalogue
// (src/shared/i18n/en/auth.json, decision 065); screens show t('auth.…') in the reader's language.

import authEnglish from './i18n/en/auth.json' with { type: 'json' };
import { addEnglish, english } from './i18n/english.ts';

addEnglish({ auth: authEnglish });

export const roles = ['farm_store', 'market_agent', 'supplier'] as const;
export type Role = (typeof roles)[number];
export const roleLabels: Record<Role, string> = {
  farm_store: english('auth.roleFarmStore'),
  market_agent: english('auth.roleMarketAgent'),
  supplier: english('auth.roleSupplier'),
};
/** Each role's name's key in the catalogue, for screens: t(roleKeys[role]). */
export const roleKeys: Record<Role, string> = {
  farm_store: 'auth.roleFarmStore',
  market_agent: 'auth.roleMarketAgent',
  supplier: 'auth.roleSupplier',
};

export const marketLocations = ['Johannesburg Market', 'Pretoria Market', 'Other'] as const;
export const MIN_PASSWORD_LENGTH = 6;

export const messages = {
  mustChangePassword: english('auth.mustChangePassword'),
  invalidCredentials: english('auth.invalidCredentials'),
  loginRequired: english('auth.loginRequired'),
  marketAgentFields: english('auth.marketAgentFields'),
  supplierFields: english('auth.supplierFields'),
  // DESIGN §7: unlike the spec's message, the code itself is never revealed.
  invalidFarmAccessCode: english('auth.invalidFarmAccessCode'),
  accessDeniedTitle: english('auth.accessDeniedTitle'),
  emailTaken: english('auth.emailTaken'),
  passwordTooShort: english('auth.passwordTooShort'),
  passwordTooShortLong: english('auth.passwordTooShortLong'),
  fillAllFields: english('auth.fillAllFields'),
  newPasswordsMismatch: english('auth.newPasswordsMismatch'),
  currentPasswordWrong: english('auth.currentPasswordWrong'),
  notSignedIn: english('auth.notSignedIn'),
  forbidden: english('auth.forbidden'),
  tooManyAttempts: english('auth.tooManyAttempts'),
  tooManyPasswordChanges: english('auth.tooManyPasswordChanges'),
  marketLocationMissing: english('auth.marketLocationMissing'),
  businessNameMissing: english('auth.businessNameMissing'),
  contactNumberMissing: english('auth.contactNumberMissing'),
  farmLocationMissing: english('auth.farmLocationMissing'),
  produceTypesMissing: english('auth.produceTypesMissing'),
  contactNumberInvalid: english('auth.contactNumberInvalid'),
} as const;

/**
 * Why a session ended without its user signing out (decision 040): the server remembers it for the
 * ended session's cookie, and the sign-in page says it. A deliberate sign-out has no reason.
 */
export const sessionEndReasons = ['password-reset', 'removed', 'password-changed', 'expired'] as const;
export type SessionEndReason = (typeof sessionEndReasons)[number];
export const sessionEndMessages: Record<SessionEndReason, string> = {
  'password-reset': english('auth.sessionEndPasswordReset'),
  removed: english('auth.sessionEndRemoved'),
  'password-changed': english('auth.sessionEndPasswordChanged'),
  expired: english('auth.sessionEndExpired'),
};
/** Each reason's message's key, for the sign-in page: t(sessionEndKeys[reason]). */
export const sessionEndKeys: Record<SessionEndReason, string> = {
  'password-reset': 'auth.sessionEndPasswordReset',
  removed: 'auth.sessionEndRemoved',
  'password-changed': 'auth.sessionEndPasswordChanged',
  expired: 'auth.sessionEndExpired',
};
export const isSessionEndReason = (value: unknown): value is SessionEndReason =>
  typeof value === 'string' && (sessionEndReasons as readonly string[]).includes(value);

/**
 * A phone number as people write it: South African (0 and nine digits: 082 123 4567, (012) 345-6789)
 * or international (+ or 00, a country code and 8 to 15 digits in all: +27 82 123 4567,
 * +27 (0)82 123 4567, 0044 20 7946 0958). Spaces, dashes, dots and brackets are allowed between digits.
 */
export function isPhoneNumber(text: string): boolean {
  if (!/^[\d\s().+-]+$/.test(text)) return false;
  const digits = text
    .trim()
    .replace(/^(\+\d{1,3})\s*\(0\)/, '$1')
    .replace(/[\s().-]/g, '');
  return /^0\d{9}$/.test(digits) || /^(\+|00)[1-9]\d{7,14}$/.test(digits);
}

/** The farm access code in the farm store's settings (decision 043). */
export const farmAccessCodeMessages = {
  title: english('auth.farmCodeTitle'),
  explain: english('auth.farmCodeExplain'),
  configured: english('auth.farmCodeConfigured'),
  rotate: english('auth.farmCodeRotate'),
  rotateConfirm: english('auth.farmCodeRotateConfirm'),
  rotated: english('auth.farmCodeRotated'),
  rotateFailed: english('auth.farmCodeRotateFailed'),
  loadFailed: english('auth.farmCodeLoadFailed'),
  show: english('auth.farmCodeShow'),
  hide: english('auth.farmCodeHide'),
} as const;
