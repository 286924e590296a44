// Accounts' roles, their labels, the password length and the spec §5 messages, without zod, so the
// signed-in frame can show them without building the request schemas (decision 033).
// src/shared/auth.ts re-exports all of it, with the schemas.

export const roles = ['farm_store', 'market_agent', 'supplier'] as const;
export type Role = (typeof roles)[number];
export const roleLabels: Record<Role, string> = {
  farm_store: 'Farm Store',
  market_agent: 'Market Agent',
  supplier: 'Supplier',
};

export const marketLocations = ['Johannesburg Market', 'Pretoria Market', 'Other'] as const;
export const MIN_PASSWORD_LENGTH = 6;

export const messages = {
  mustChangePassword: 'Choose your own password before you go on: the one you were given was printed.',
  invalidCredentials: 'Invalid credentials',
  loginRequired: 'Email and password are required',
  marketAgentFields: 'Market location, business name, and contact number are required for market agents',
  supplierFields: 'Business name, farm location, contact number, and produce types are required for suppliers',
  // DESIGN §7: unlike the spec's message, the code itself is never revealed.
  invalidFarmAccessCode: 'Invalid farm access code. Ask the farm manager for the current code.',
  accessDeniedTitle: 'Access Denied',
  emailTaken: 'An account with this email already exists',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooShortLong: 'Password must be at least 6 characters long',
  fillAllFields: 'Please fill in all fields',
  newPasswordsMismatch: 'New passwords do not match',
  currentPasswordWrong: 'Current password is incorrect',
  notSignedIn: 'Please sign in to continue',
  forbidden: 'You do not have permission to do this',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  tooManyPasswordChanges: 'Too many password changes. Please wait a few minutes and try again.',
  marketLocationMissing: 'Please choose your market',
  businessNameMissing: 'Business name is required',
  contactNumberMissing: 'Contact number is required',
  farmLocationMissing: 'Farm location is required',
  produceTypesMissing: 'Produce types are required',
  contactNumberInvalid: 'Please enter a phone number, e.g. 082 123 4567 or +27 82 123 4567',
} as const;

/**
 * Why a session ended without its user signing out (decision 040): the server remembers it for the
 * ended session's cookie, and the sign-in page says it. A deliberate sign-out has no reason.
 */
export const sessionEndReasons = ['password-reset', 'removed', 'password-changed', 'expired'] as const;
export type SessionEndReason = (typeof sessionEndReasons)[number];
export const sessionEndMessages: Record<SessionEndReason, string> = {
  'password-reset': 'Your password was reset by the farm store. Sign in with the new password.',
  removed: 'Your account was removed by the farm store. Ask the farm manager if you need it back.',
  'password-changed': 'Your password was changed on another device. Sign in with the new password.',
  expired: 'Your session expired. Sign in again.',
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
  title: 'Farm access code',
  explain: 'A new farm store account can register only with this code. Give it only to people who run the farm.',
  configured: 'This code is set on the server (FARM_ACCESS_CODE): change it there and restart the app.',
  rotate: 'Make a new code',
  rotateConfirm:
    'Make a new farm access code? The current code stops working at once: anyone who has it can no longer register a farm store account. Accounts already registered are not affected.',
  rotated: 'New farm access code made',
  rotateFailed: 'Failed to make a new farm access code',
  loadFailed: 'Failed to load the farm access code',
  show: 'Show code',
  hide: 'Hide code',
} as const;
