// Accounts: roles, sign-in, registration and password rules, with the spec §5 messages (both sides).
import { z } from 'zod';
import {
  isPhoneNumber,
  MIN_PASSWORD_LENGTH,
  marketLocations,
  messages,
  type Role,
  roles,
  sessionEndReasons,
} from './auth-labels.ts';
import { choicesMessage, rawText, requiredText, text } from './fields.ts';
import { instant } from './http.ts';
import { LANGUAGES } from './i18n/languages.ts';

// The zod-free half (roles, labels, messages) lives in auth-labels.ts, so screens that only show
// them need not load zod; it is re-exported here.
export * from './auth-labels.ts';

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
  // True while the account still has the printed first password it was given (decision 050).
  mustChangePassword: z.boolean(),
  // The language the user's screens, e-mails and the server's answers are in (decision 065).
  language: z.enum(LANGUAGES),
});
export type User = z.infer<typeof userSchema>;

/** PUT /api/auth/me/language (decision 065): one of the app's languages, named by its code. */
export const languageBody = z.object({
  language: z.enum(LANGUAGES, { error: choicesMessage('language', LANGUAGES) }),
});
export const userResponse = z.object({ user: userSchema });

export const messageResponse = z.object({ message: z.string() });

/** GET /api/farm-store/access-code: the code a farm store registration must give, and whether it can be changed here. */
export const farmAccessCodeResponse = z.object({
  code: z.string(),
  /** `configured`: FARM_ACCESS_CODE on the server (change it there); `generated`: kept in the database. */
  source: z.enum(['configured', 'generated']),
  canRotate: z.boolean(),
});
export type FarmAccessCode = z.infer<typeof farmAccessCodeResponse>;

/**
 * GET /api/auth/session: the signed-in user, or null with, when this browser's session ended without
 * a sign-out, why (decision 040). GET /api/auth/me's 401 carries the same `reason` beside `message`.
 */
export const sessionResponse = z.object({ user: userSchema.nullable(), reason: z.enum(sessionEndReasons).optional() });
export type SessionAnswer = z.infer<typeof sessionResponse>;
