// User management (spec §2 User Management, §5 admin reset, §7 Users): the list the farm store sees,
// removal and password resets, with the spec's messages (both sides), their English in the catalogue
// (src/shared/i18n/en/users.json, decision 065).
import { z } from 'zod';
import { messages as authMessages, MIN_PASSWORD_LENGTH } from './auth.ts';
import { idParams, oneOf, pageQuery, rawText } from './fields.ts';
import { instant } from './http.ts';
import authEnglish from './i18n/en/auth.json' with { type: 'json' };
import usersEnglish from './i18n/en/users.json' with { type: 'json' };
import { addEnglish, english } from './i18n/english.ts';

addEnglish({ auth: authEnglish, users: usersEnglish });

export const userMessages = {
  enterNewPassword: english('users.enterNewPassword'),
  passwordTooShort: authMessages.passwordTooShortLong,
  userNotFound: english('users.userNotFound'),
  farmStoreProtected: english('users.farmStoreProtected'),
  removed: english('users.removed'),
  restored: english('users.restored'),
  restoreFailed: english('users.restoreFailed'),
  notRemoved: english('users.notRemoved'),
  noRemovedUsers: english('users.noRemovedUsers'),
  /** Registering with the e-mail of a removed account (decision 022): the farm store can restore it. */
  emailOfRemovedAccount: english('auth.emailOfRemovedAccount'),
  passwordUpdated: english('users.passwordUpdated'),
  tooManyResets: english('users.tooManyResets'),
  removeFailed: english('users.removeFailed'),
  deleteFailed: english('users.deleteFailed'),
  updatePasswordFailed: english('users.updatePasswordFailed'),
  resetPasswordFailed: english('users.resetPasswordFailed'),
  fetchFailed: english('users.fetchFailed'),
  noUsers: english('users.noUsers'),
  accessDenied: english('users.accessDenied'),
  /**
   * The spec's question, verbatim; its second sentence ('This action cannot be undone.') is replaced by
   * removalConsequences, which says what removal really does (decision 039).
   */
  confirmRemove: (name: string) => english('users.confirmRemove', { name }),
  removalConsequences: english('users.removalConsequences'),
} as const;

/** The roles the farm store manages here: farm store accounts are never listed (spec §6). */
export const managedRoles = ['market_agent', 'supplier'] as const;
export type ManagedRole = (typeof managedRoles)[number];

export const managedUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(managedRoles),
  createdAt: instant,
  /** False for a removed user (listed with ?status=removed, decision 022). */
  isActive: z.boolean(),
  /** The agent's market; null for a supplier. */
  marketLocation: z.string().nullable(),
  /** The agent's or the supplier's business. */
  businessName: z.string().nullable(),
  marketAgent: z.object({ id: z.number(), agentNumber: z.string(), businessName: z.string().nullable() }).nullable(),
  supplier: z.object({ id: z.number(), businessName: z.string(), status: z.string() }).nullable(),
  /** What the farm store may do with the account now: remove an active one or reset its password (canReset), restore a removed one. */
  canRemove: z.boolean(),
  canRestore: z.boolean(),
  canReset: z.boolean(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

/** The list's page; `?status=removed` lists removed users instead, so they can be restored. */
export const userListQuery = pageQuery.extend({
  status: oneOf('status', ['active', 'removed']).optional(),
});
export const userListResponse = z.array(managedUserSchema);
export const userIdParams = idParams();

/**
 * A password the farm store types for someone (spec §5): non-empty after trimming ('Please enter a
 * new password') and at least 6 characters. The trimmed text is what is stored, so a stray space
 * copied along with it can't lock the person out.
 */
export const newPasswordField = rawText(userMessages.enterNewPassword)
  .trim()
  .min(1, userMessages.enterNewPassword)
  .min(MIN_PASSWORD_LENGTH, userMessages.passwordTooShort)
  .max(200);

/** PATCH /api/admin/users/{id}/password: the admin types the new password. */
export const adminPasswordBody = z.object({ newPassword: newPasswordField }, { error: userMessages.enterNewPassword });
export type AdminPasswordBody = z.infer<typeof adminPasswordBody>;

/**
 * POST /api/users/{id}/reset-password: a typed password, or none (no body, `{}` or null) and the
 * server generates one (DESIGN §7: never a fixed default).
 */
export const resetPasswordBody = z
  .object({ newPassword: newPasswordField.nullish() }, { error: userMessages.enterNewPassword })
  .nullish();

export const passwordResetResponse = z.object({
  message: z.string(),
  /** Only when the server generated it: shown once, never stored in clear or sent again. */
  generatedPassword: z.string().optional(),
});
export type PasswordResetResponse = z.infer<typeof passwordResetResponse>;

export const userRemovedResponse = z.object({ message: z.string() });
export const userRestoredResponse = z.object({ message: z.string(), user: managedUserSchema });
