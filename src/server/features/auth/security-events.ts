// What the farm must hear about sign-in and password abuse (decision 025). Every failed sign-in,
// lockout and rate-limit trip goes through recordSecurityEvent: the one place that writes it down.
// Today that is the log, and for an attack on an account an e-mail notice to every farm store
// account (it shows in the dashboard's Outbox card too); an audit trail joins here.

import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { roleLabels } from '../../../shared/auth.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { auditSecurityEvent } from '../audit/service.ts';

export type SecurityDeps = { db: Db; mailer: Mailer; log: FastifyBaseLogger; timeZone: string };

export type SecurityEvent = {
  action:
    | 'sign-in.failed'
    /** One address used up its wrong passwords for the account. */
    | 'sign-in.address-locked'
    /** The account's wrong passwords from every address reached the cap. */
    | 'sign-in.account-capped'
    /** A sign-in refused by a limit (429), never judged. */
    | 'sign-in.rate-limited'
    | 'password-change.failed'
    | 'password-change.rate-limited'
    | 'password-reset.rate-limited';
  /** The client's address (request.ip). */
  address: string;
  /** The account concerned when it exists: the one signed into, changed or reset. */
  user?: { id: number; name: string; email: string; role: keyof typeof roleLabels } | null;
  /** The e-mail typed at sign-in, whether or not an account has it. */
  email?: string;
  /** The signed-in caller, when it is not `user` (a farm store resetting someone's password). */
  actorId?: number;
  /** Which limit, and how far it got. */
  detail?: string;
};

export const SECURITY_NOTICE_WINDOW_SECONDS = 15 * 60;
/** Notices to the farm in an hour, whatever the number of accounts attacked: the rest is logged. */
export const SECURITY_NOTICES_PER_HOUR = 20;

/** Writes the event down; never throws (a failed notice must not change the answer). */
export async function recordSecurityEvent(deps: SecurityDeps, event: SecurityEvent): Promise<void> {
  const { user, ...rest } = event;
  const attack = event.action === 'sign-in.address-locked' || event.action === 'sign-in.account-capped';
  // Single failures and refusals are many under a flood: info, so warn stays for what needs a look.
  const level = attack ? 'warn' : 'info';
  deps.log[level]({ securityEvent: { ...rest, userId: user?.id ?? null } }, `security: ${event.action}`);
  await auditSecurityEvent(deps, event);
  if (!user || !attack) return;
  try {
    await noticeToFarm(deps, event, user);
  } catch (err) {
    deps.log.error({ err, action: event.action, userId: user.id }, 'could not send the security notice');
  }
}

/**
 * One e-mail per attacked account and kind per 15 minutes, to every active farm store account, and
 * at most SECURITY_NOTICES_PER_HOUR in all: someone spraying many accounts cannot fill the farm's
 * mailbox through us.
 */
async function noticeToFarm(deps: SecurityDeps, event: SecurityEvent, user: NonNullable<SecurityEvent['user']>) {
  const first = await consumeRateLimit(deps.db, `notice:${event.action}:${user.id}`, 1, SECURITY_NOTICE_WINDOW_SECONDS);
  if (!first) return;
  if (!(await consumeRateLimit(deps.db, 'notice:security:all', SECURITY_NOTICES_PER_HOUR, 3600))) {
    deps.log.warn({ action: event.action, userId: user.id }, 'security notice not e-mailed: hourly notice limit');
    return;
  }
  const recipients = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'farm_store'), eq(users.isActive, true)))
    .orderBy(users.id);
  if (recipients.length === 0) return;
  const message = securityNotice(event, user, deps.timeZone);
  for (const recipient of recipients) await deps.mailer.send({ to: recipient.email, ...message }, deps.db);
}

export function securityNotice(
  event: SecurityEvent,
  user: NonNullable<SecurityEvent['user']>,
  timeZone: string,
  at = new Date(),
) {
  const when = new Intl.DateTimeFormat('en-ZA', { timeZone, dateStyle: 'long', timeStyle: 'short' }).format(at);
  const account = `${user.name} <${user.email}> (${roleLabels[user.role]})`;
  const what =
    event.action === 'sign-in.address-locked'
      ? [
          `The address ${event.address} entered a wrong password for this account too many times.`,
          'That address may not try this account again for 15 minutes; other addresses are not affected.',
        ]
      : [
          'Wrong passwords for this account came from several addresses, up to the limit for 15 minutes.',
          'Addresses that got it wrong may not try again for now, and new addresses may try only one',
          'at a time, a few seconds apart. The account holder can still sign in.',
        ];
  const text = [
    'Cratekeeper noticed repeated failed sign-ins for this account:',
    '',
    `Account:  ${account}`,
    `Noticed:  ${when}`,
    '',
    ...what,
    '',
    'If it was not the account holder, ask them to choose a strong password, or set a new one for',
    'them on User Management (a farm store account changes its own with Change My Password).',
    'Sessions already signed in are not affected.',
  ].join('\n');
  return { subject: `Security notice: failed sign-ins for ${user.email}`, text };
}
