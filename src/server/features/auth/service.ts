// Account rules: registration by role, sign-in with rate limits, password changes.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import { messages, type RegisterBody } from '../../../shared/auth.ts';
import type { RegisterSupplierBody } from '../../../shared/suppliers.ts';
import { userMessages } from '../../../shared/users.ts';
import type { Db } from '../../db/client.ts';
import { audiences, recordChange } from '../../lib/changes.ts';
import { badRequest, conflict, forbidden, tooManyRequests, unauthorized } from '../../lib/http-error.ts';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords.ts';
import { clearRateLimit, consumeRateLimit, rateLimitHits } from '../../lib/rate-limit.ts';
import { readFarmAccessCode } from './farm-access-code.ts';
import * as repo from './repository.ts';
import { createSession, deleteUserSessions } from './sessions.ts';

const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Each failure for an e-mail beyond what one address may make slows every next attempt by this much. */
export const LOGIN_DELAY_STEP_MS = 250;
export const LOGIN_DELAY_MAX_MS = 5_000;

export type LoginLimits = { perIp: number; failuresPerAddress: number; failuresPerEmail: number };

/** How long a sign-in for an e-mail waits, given its failures from every address (decision 011). */
export function loginDelayMs(emailFailures: number, failuresPerAddress: number) {
  return Math.min(Math.max(0, emailFailures - failuresPerAddress) * LOGIN_DELAY_STEP_MS, LOGIN_DELAY_MAX_MS);
}

export function toUserDto(user: repo.UserRow) {
  return { id: user.id, name: user.name, email: user.email, role: user.role, createdAt: user.createdAt };
}

const marketCity: Record<string, string> = {
  'Johannesburg Market': 'Johannesburg',
  'Pretoria Market': 'Pretoria',
  Other: 'Other',
};

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505');

/**
 * 409 when the e-mail has an account. A removed account keeps its e-mail (its history stays under
 * it), so the message says so and points to the farm store, which can restore it (decision 022).
 */
async function refuseTakenEmail(db: Db, email: string) {
  const existing = await repo.findUserByEmail(db, email);
  if (existing) throw conflict(existing.isActive ? messages.emailTaken : userMessages.emailOfRemovedAccount);
}

export async function registerAccount(db: Db, body: RegisterBody, configuredFarmCode: string | undefined) {
  if (body.role === 'farm_store') {
    const code = await readFarmAccessCode(db, configuredFarmCode);
    if (!code || body.farmAccessCode !== code) throw forbidden(messages.invalidFarmAccessCode);
  }
  await refuseTakenEmail(db, body.email);
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      const user = await repo.insertUser(tx, {
        name: body.name,
        email: body.email,
        passwordHash,
        role: body.role,
      });
      await recordChange(tx, {
        tags: body.role === 'supplier' ? ['users', 'suppliers'] : ['users'],
        audience: [audiences.farmStore],
      });
      if (body.role === 'market_agent') {
        const market = body.marketLocation ?? 'Other';
        await repo.insertMarketAgent(tx, {
          userId: user.id,
          businessName: body.businessName,
          marketName: market,
          marketLocation: market,
          location: marketCity[market] ?? market,
          contactNumber: body.contactNumber ?? '',
        });
      } else if (body.role === 'supplier') {
        await repo.insertSupplier(tx, {
          userId: user.id,
          businessName: body.businessName ?? '',
          contactPerson: body.name,
          contactNumber: body.contactNumber ?? '',
          farmLocation: body.farmLocation ?? '',
          produceTypes: body.produceTypes,
        });
      }
      return user;
    });
  } catch (err) {
    // Two registrations with one e-mail at the same moment: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(messages.emailTaken);
    throw err;
  }
}

/**
 * The supplier wizard's sign-up (POST /api/auth/register-supplier, decision 021): the account and its
 * supplier record with every farm and bank detail, pending approval. It does not sign in.
 */
export async function registerSupplier(db: Db, body: RegisterSupplierBody) {
  await refuseTakenEmail(db, body.email);
  const passwordHash = await hashPassword(body.password);
  const orNull = (v: string | undefined) => (v ? v : null);
  try {
    return await db.transaction(async (tx) => {
      const user = await repo.insertUser(tx, { name: body.name, email: body.email, passwordHash, role: 'supplier' });
      await repo.insertSupplier(tx, {
        userId: user.id,
        businessName: body.businessName,
        contactPerson: body.contactPerson,
        contactNumber: body.contactNumber,
        farmLocation: body.farmLocation,
        produceTypes: body.produceTypes ?? '',
        certificationType: body.certificationType,
        bankName: orNull(body.bankName),
        accountNumber: orNull(body.accountNumber?.replace(/\s/g, '')),
        branchCode: orNull(body.branchCode),
        accountHolderName: orNull(body.accountHolderName),
      });
      await recordChange(tx, { tags: ['users', 'suppliers'], audience: [audiences.farmStore] });
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(messages.emailTaken);
    throw err;
  }
}

/**
 * Failed sign-ins are counted per e-mail and address (that pair is locked out after
 * failuresPerAddress) and per e-mail from everywhere (each failure past failuresPerAddress delays
 * every attempt a little more; failuresPerEmail refuses all). So someone else's guesses slow the
 * owner down but do not lock them out, and a guesser spread over many addresses is still slowed.
 */
export async function login(db: Db, request: FastifyRequest, email: string, password: string, limits: LoginLimits) {
  const emailKey = `login:email:${email.toLowerCase()}`;
  const pairKey = `login:email-ip:${email.toLowerCase()}:${request.ip}`;
  if (!(await consumeRateLimit(db, `login:ip:${request.ip}`, limits.perIp, LOGIN_WINDOW_SECONDS))) {
    throw tooManyRequests(messages.tooManyAttempts);
  }
  if ((await rateLimitHits(db, pairKey, LOGIN_WINDOW_SECONDS)) >= limits.failuresPerAddress) {
    throw tooManyRequests(messages.tooManyAttempts);
  }
  const emailFailures = await rateLimitHits(db, emailKey, LOGIN_WINDOW_SECONDS);
  if (emailFailures >= limits.failuresPerEmail) throw tooManyRequests(messages.tooManyAttempts);
  const delay = loginDelayMs(emailFailures, limits.failuresPerAddress);
  if (delay > 0) await sleep(delay);

  const user = await repo.findUserByEmail(db, email);
  // Compare against a dummy hash for unknown e-mails so both failures look and take the same.
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok || !user.isActive) {
    await consumeRateLimit(db, pairKey, limits.failuresPerAddress, LOGIN_WINDOW_SECONDS);
    await consumeRateLimit(db, emailKey, limits.failuresPerEmail, LOGIN_WINDOW_SECONDS);
    throw unauthorized(messages.invalidCredentials);
  }
  // The e-mail's own count stays: the owner signing in does not reset a spread-out guesser's budget.
  await clearRateLimit(db, pairKey);
  if (needsRehash(user.passwordHash)) {
    await repo.updatePasswordHash(db, user.id, await hashPassword(password));
  }
  return user;
}

/** Changes the password, ends every session of the user and returns a new one for this browser. */
export async function changePassword(
  db: Db,
  session: { id: number },
  currentPassword: string,
  newPassword: string,
  sessionTtlHours: number,
) {
  const user = await repo.findUserById(db, session.id);
  if (!user || !(await verifyPassword(currentPassword, user.passwordHash))) {
    throw badRequest(messages.currentPasswordWrong, { currentPassword: messages.currentPasswordWrong });
  }
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    await repo.updatePasswordHash(tx, user.id, passwordHash);
    await deleteUserSessions(tx, user.id);
    // Every stream of the old sessions is told 'signed-out'; this browser reconnects with its new one.
    await recordChange(tx, { tags: ['users'], audience: [audiences.user(user.id)] });
    return createSession(tx, user.id, sessionTtlHours);
  });
}
