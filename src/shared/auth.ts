// Accounts: roles, sign-in, registration and password rules, with the spec §5 messages (both sides).
import { z } from 'zod';
import { rawText, requiredText, text } from './fields.ts';
import { instant } from './http.ts';

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

const optionalText = (max = 200) => text(max).optional();

export const emailSchema = requiredText('Email is required', 254).pipe(z.email('Please enter a valid email address'));

export const loginBody = z.object({
  email: requiredText(messages.loginRequired, 254),
  password: rawText(messages.loginRequired).min(1, messages.loginRequired),
});
export type LoginBody = z.infer<typeof loginBody>;

const produceTypesSchema = z
  .union([rawText(undefined, 500), z.array(rawText(undefined, 100)).max(30)])
  .optional()
  .transform((v) =>
    Array.isArray(v)
      ? v
          .map((s) => s.trim())
          .filter(Boolean)
          .join(', ')
      : (v ?? '').trim(),
  );

type RoleField = 'marketLocation' | 'businessName' | 'contactNumber' | 'farmLocation' | 'produceTypes';

/** The extra fields each role must give, in the form's order, with the spec §5 combined message. */
const roleFields: Partial<Record<Role, { combined: string; fields: [RoleField, string][] }>> = {
  market_agent: {
    combined: messages.marketAgentFields,
    fields: [
      ['marketLocation', messages.marketLocationMissing],
      ['businessName', messages.businessNameMissing],
      ['contactNumber', messages.contactNumberMissing],
    ],
  },
  supplier: {
    combined: messages.supplierFields,
    fields: [
      ['businessName', messages.businessNameMissing],
      ['farmLocation', messages.farmLocationMissing],
      ['contactNumber', messages.contactNumberMissing],
      ['produceTypes', messages.produceTypesMissing],
    ],
  },
};

// One shape for every role; the role-specific rules below give the spec's combined messages.
export const registerBody = z
  .object({
    name: requiredText('Name is required', 100),
    email: emailSchema,
    password: rawText(messages.passwordTooShort).min(MIN_PASSWORD_LENGTH, messages.passwordTooShort),
    role: z.enum(roles, { error: 'Please choose a role' }),
    marketLocation: z
      .enum(marketLocations)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    businessName: optionalText(),
    contactNumber: optionalText(40),
    farmAccessCode: optionalText(100),
    farmLocation: optionalText(),
    produceTypes: produceTypesSchema,
  })
  .superRefine((body, ctx) => {
    const required = roleFields[body.role];
    if (!required) return;
    // The spec's combined message goes on the first field actually missing (so the form highlights
    // it and the 400's message is the spec's), each further missing field gets its own short message.
    const missing = required.fields.filter(([field]) => !body[field]);
    missing.forEach(([field, own], i) => {
      ctx.addIssue({ code: 'custom', message: i === 0 ? required.combined : own, path: [field] });
    });
    if (body.contactNumber && !isPhoneNumber(body.contactNumber)) {
      ctx.addIssue({ code: 'custom', message: messages.contactNumberInvalid, path: ['contactNumber'] });
    }
  });
export type RegisterInput = z.input<typeof registerBody>;
export type RegisterBody = z.infer<typeof registerBody>;

export const changePasswordBody = z.object({
  currentPassword: rawText(messages.fillAllFields).min(1, messages.fillAllFields),
  newPassword: rawText(messages.fillAllFields)
    .min(1, messages.fillAllFields)
    .min(MIN_PASSWORD_LENGTH, messages.passwordTooShortLong)
    .max(200),
});

export const userSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  createdAt: instant,
});
export type User = z.infer<typeof userSchema>;
export const userResponse = z.object({ user: userSchema });

export const messageResponse = z.object({ message: z.string() });
