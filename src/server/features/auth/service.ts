// Account rules: registration by role, sign-in with rate limits, password changes.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import { messages, type RegisterBody, type Role } from '../../../shared/auth.ts';
import { LANGUAGE_NAMES, type Language } from '../../../shared/i18n/languages.ts';
import { type RegisterSupplierBody, registerSupplierBody, supplierDetailsRecord } from '../../../shared/suppliers.ts';
import { userMessages } from '../../../shared/users.ts';
import type { Db, Tx } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { audiences, recordChange } from '../../lib/changes.ts';
import { badRequest, conflict, forbidden, tooManyRequests, unauthorized } from '../../lib/http-error.ts';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords.ts';
import { clearRateLimit, consumeRateLimit, releaseAttempt, reserveAttempt, reserveTurn } from '../../lib/rate-limit.ts';
import { createSession, endPreviousSession, endUserSessions } from '../../lib/sessions.ts';
import { readFarmAccessCode } from './farm-access-code.ts';
import * as repo from './repository.ts';
import { recordSecurityEvent, type SecurityDeps } from './security-events.ts';

const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Each failure for an e-mail beyond what one address may make slows every next attempt by this much. */
export const LOGIN_DELAY_STEP_MS = 250;
export const LOGIN_DELAY_MAX_MS = 5_000;

export type LoginLimits = { perIp: number; failuresPerAddress: number; failuresPerEmail: number; turnMs: number };

/** How long a sign-in for an e-mail waits, given its failures from every address (decision 011). */
export function loginDelayMs(emailFailures: number, failuresPerAddress: number) {
  return Math.min(Math.max(0, emailFailures - failuresPerAddress) * LOGIN_DELAY_STEP_MS, LOGIN_DELAY_MAX_MS);
}

export function toUserDto(user: repo.UserRow) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    createdAt: user.createdAt,
    mustChangePassword: user.mustChangePassword,
    language: user.language,
  };
}

/** Keeps the user's language (decision 065); the answer is the user as it is now. */
export async function setLanguage(db: Db, user: { id: number }, language: Language) {
  return db.transaction(async (tx) => {
    const row = await repo.setUserLanguage(tx, user.id, language);
    // The user's own screens (session and me) ask again; the audit row names the language.
    await recordChange(tx, {
      tags: ['users'],
      audience: [audiences.user(user.id)],
      audit: { summary: `language set to ${LANGUAGE_NAMES[language]}` },
    });
    return row;
  });
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

export async function registerAccount(
  db: Db,
  body: RegisterBody,
  configuredFarmCode: string | undefined,
  language: Language = 'en',
) {
  if (body.role === 'supplier') return registerSupplier(db, supplierSignUp(body), language);
  if (body.role === 'farm_store') {
    const code = await readFarmAccessCode(db, configuredFarmCode);
    if (!code || body.farmAccessCode !== code) throw forbidden(messages.invalidFarmAccessCode);
  }
  const { name, email, password, role } = body;
  return insertAccount(db, { name, email, password, role, language }, async (tx, user) => {
    await recordChange(tx, {
      tags: ['users'],
      audience: [audiences.farmStore],
      audit: { actor: user, record: user.id },
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
    }
  });
}

/**
 * A new account (its e-mail not taken, its password hashed) and, in the same transaction, what its
 * role adds (`more`). Two registrations with one e-mail at the same moment: the unique index decides.
 */
async function insertAccount(
  db: Db,
  account: { name: string; email: string; password: string; role: Role; language: Language },
  more: (tx: Tx, user: Awaited<ReturnType<typeof repo.insertUser>>) => Promise<void>,
) {
  await refuseTakenEmail(db, account.email);
  const passwordHash = await hashPassword(account.password);
  try {
    return await db.transaction(async (tx) => {
      const { name, email, role, language } = account;
      const user = await repo.insertUser(tx, { name, email, passwordHash, role, language });
      await more(tx, user);
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(messages.emailTaken);
    throw err;
  }
}

/**
 * Register's supplier body as the wizard's (decision 041: one supplier sign-up): the person is the
 * contact, the certification is 'other' until the supplier says otherwise in Settings, and the same
 * schema as POST /api/auth/register-supplier checks it, so both paths refuse and store alike.
 */
function supplierSignUp(body: RegisterBody): RegisterSupplierBody {
  const parsed = registerSupplierBody.safeParse({
    name: body.name,
    email: body.email,
    password: body.password,
    role: 'supplier',
    businessName: body.businessName,
    contactPerson: body.name,
    contactNumber: body.contactNumber,
    farmLocation: body.farmLocation,
    certificationType: 'other',
    produceTypes: body.produceTypes,
  });
  if (parsed.success) return parsed.data;
  const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
  throw badRequest(parsed.error.issues[0].message, errors);
}

/**
 * Every supplier sign-up (decision 021, 041): POST /api/auth/register-supplier (the wizard) and
 * POST /api/auth/register with role supplier. The account and its supplier record with every farm and
 * bank detail, pending approval; only /register's route then signs in (spec §4).
 */
export async function registerSupplier(db: Db, body: RegisterSupplierBody, language: Language = 'en') {
  const { name, email, password } = body;
  return insertAccount(db, { name, email, password, role: 'supplier', language }, async (tx, user) => {
    await repo.insertSupplier(tx, {
      userId: user.id,
      ...supplierDetailsRecord(body),
      produceTypes: body.produceTypes ?? '',
    });
    await recordChange(tx, {
      tags: ['users', 'suppliers'],
      audience: [audiences.farmStore],
      audit: { actor: user, record: user.id },
    });
  });
}

/** How the sign-in of one e-mail from one address is counted (decision 025). */
const signInKeys = (email: string, address: string) => {
  const account = email.toLowerCase();
  return {
    address: `login:ip:${address}`,
    pair: `login:email-ip:${account}:${address}`,
    account: `login:email:${account}`,
    turn: `login:email-turn:${account}`,
  };
};

type SignInDeps = SecurityDeps & { limits: LoginLimits; sessionTtlHours: number };

/**
 * Tests only, to race a reset against a sign-in: called once the right password has been judged, and
 * again once the session row is written but not yet committed.
 */
export type SignInPause = (stage: 'password-judged' | 'session-written', userId: number) => Promise<void>;
let pauseForTests: SignInPause | null = null;
export function setSignInPauseForTests(pause: SignInPause | null) {
  pauseForTests = pause;
}

/**
 * Signs in and starts a session (decision 025). Each attempt takes its place in the counters before
 * the password is judged, in one statement each, so simultaneous attempts can't all slip under a limit:
 * - per address: `perIp` attempts, right or wrong, for any e-mail;
 * - per e-mail and address: `failuresPerAddress` failures, then that pair gets 429 (a success clears it);
 * - per e-mail from every address: past `failuresPerAddress` failures each attempt waits a little
 *   longer; at `failuresPerEmail` an address that failed for it is refused, and one that has not (the
 *   owner on their own phone) takes a turn, one every `turnMs`, waiting at most two turns.
 * A place is given back when the attempt succeeds or is never judged; a wrong password keeps it.
 * The session is written only if the user's credentials are still the ones judged (createSession).
 */
export async function signIn(
  deps: SignInDeps,
  request: FastifyRequest,
  email: string,
  password: string,
  previousToken: string | undefined,
) {
  const { db, limits } = deps;
  const attempt = { address: request.ip, email };
  const keys = signInKeys(email, attempt.address);
  if (!(await consumeRateLimit(db, keys.address, limits.perIp, LOGIN_WINDOW_SECONDS))) {
    throw await refuseSignIn(deps, attempt, `more than ${limits.perIp} sign-ins from this address`);
  }
  const pairHits = await reserveAttempt(db, keys.pair, limits.failuresPerAddress, LOGIN_WINDOW_SECONDS);
  if (pairHits === null) {
    throw await refuseSignIn(deps, attempt, `${limits.failuresPerAddress} failures for this e-mail from this address`);
  }
  // Places given back unless the attempt ends as a wrong password.
  const taken = [keys.pair];
  let failed = false;
  try {
    const accountHits = await waitForTheEmail(deps, attempt, keys, pairHits);
    if (accountHits !== null) taken.push(keys.account);

    const user = await repo.findUserByEmail(db, email);
    // Compare against a dummy hash for unknown e-mails so both failures look and take the same.
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user || !ok || !user.isActive) {
      failed = true;
      await recordFailure(deps, { ...attempt, user, pairHits, accountHits });
      throw unauthorized(messages.invalidCredentials);
    }
    if (pauseForTests) await pauseForTests('password-judged', user.id);

    const session = await writeSession(deps, user, password, previousToken);
    // The password was set again, or the account removed, while it was being judged.
    if (!session) throw unauthorized(messages.invalidCredentials);
    // The e-mail's own count keeps its failures: the owner signing in does not reset a spread-out
    // guesser's budget. This address's failures for it are forgiven.
    await clearRateLimit(db, keys.pair);
    taken.splice(taken.indexOf(keys.pair), 1);
    return { user, ...session };
  } finally {
    if (!failed) for (const key of taken) await releaseAttempt(db, key);
  }
}

type SignInAttempt = { address: string; email: string };

async function refuseSignIn(deps: SignInDeps, attempt: SignInAttempt, detail: string) {
  await recordSecurityEvent(deps, { action: 'sign-in.rate-limited', ...attempt, detail });
  return tooManyRequests(messages.tooManyAttempts);
}

/**
 * Takes the attempt's place in the e-mail's count from every address and waits as long as its
 * failures say; returns that count, or null past the cap, when the attempt went on by taking a turn.
 */
async function waitForTheEmail(
  deps: SignInDeps,
  attempt: SignInAttempt,
  keys: ReturnType<typeof signInKeys>,
  pairHits: number,
): Promise<number | null> {
  const { db, limits } = deps;
  const accountHits = await reserveAttempt(db, keys.account, limits.failuresPerEmail, LOGIN_WINDOW_SECONDS);
  if (accountHits !== null) {
    const delay = loginDelayMs(accountHits - 1, limits.failuresPerAddress);
    if (delay > 0) await sleep(delay);
    return accountHits;
  }
  // The e-mail's cap is reached: only an address with no failure (and no other attempt in
  // flight) for it may go on, one turn at a time.
  if (pairHits > 1) throw await refuseSignIn(deps, attempt, `${limits.failuresPerEmail} failures for this e-mail`);
  const wait = await reserveTurn(db, keys.turn, limits.turnMs, 2 * limits.turnMs);
  if (wait === null) {
    throw await refuseSignIn(deps, attempt, `${limits.failuresPerEmail} failures for this e-mail; no turn free`);
  }
  if (wait > 0) await sleep(wait);
  return null;
}

/** The session row (and today's cost for an older hash), or null when the credentials changed meanwhile. */
async function writeSession(deps: SignInDeps, user: repo.UserRow, password: string, previousToken: string | undefined) {
  // Today's cost for an older hash; if the pool is busy, the next sign-in does it.
  const rehash = needsRehash(user.passwordHash) ? await hashPassword(password).catch(() => null) : null;
  return deps.db.transaction(async (tx) => {
    // A sign-in from a browser that is already signed in ends the session it had.
    if (previousToken) await endPreviousSession(tx, previousToken);
    if (rehash) await repo.rehashPassword(tx, user, rehash);
    const written = await createSession(tx, user, deps.sessionTtlHours);
    if (written) await audit(tx, { actor: user, summary: rehash ? 'password hash upgraded' : undefined });
    if (written && pauseForTests) await pauseForTests('session-written', user.id);
    return written;
  });
}

async function recordFailure(
  deps: SignInDeps,
  f: { address: string; email: string; user: repo.UserRow | null; pairHits: number; accountHits: number | null },
) {
  const { limits } = deps;
  const base = { address: f.address, email: f.email, user: f.user };
  await recordSecurityEvent(deps, {
    ...base,
    action: 'sign-in.failed',
    detail: `failure ${f.pairHits} of ${limits.failuresPerAddress} from this address, ${f.accountHits ?? 'past the cap'} of ${limits.failuresPerEmail} in all`,
  });
  if (f.pairHits === limits.failuresPerAddress) {
    await recordSecurityEvent(deps, { ...base, action: 'sign-in.address-locked', detail: `${f.pairHits} failures` });
  }
  if (f.accountHits === limits.failuresPerEmail) {
    await recordSecurityEvent(deps, { ...base, action: 'sign-in.account-capped', detail: `${f.accountHits} failures` });
  }
}

type PasswordChangeDeps = SecurityDeps & { sessionTtlHours: number; changesPerUser: number };

/**
 * Changes the password, ends every session of the user and returns a new one for this browser. Every
 * attempt, right or wrong, takes one of the user's `changesPerUser` places for 15 minutes before the
 * current password is judged (each costs one or two hashes); one refused by a busy hashing pool is
 * given back. If the password was reset meanwhile, the change is refused like a wrong current password.
 */
export async function changePassword(
  deps: PasswordChangeDeps,
  session: { id: number },
  address: string,
  currentPassword: string,
  newPassword: string,
) {
  const { db } = deps;
  const key = `password-change:user:${session.id}`;
  if ((await reserveAttempt(db, key, deps.changesPerUser, LOGIN_WINDOW_SECONDS)) === null) {
    await recordSecurityEvent(deps, {
      action: 'password-change.rate-limited',
      address,
      actorId: session.id,
      detail: `${deps.changesPerUser} changes in 15 minutes`,
    });
    throw tooManyRequests(messages.tooManyPasswordChanges);
  }
  const user = await repo.findUserById(db, session.id);
  let judged = false;
  try {
    const ok = user ? await verifyPassword(currentPassword, user.passwordHash) : false;
    judged = true;
    const wrong = () => badRequest(messages.currentPasswordWrong, { currentPassword: messages.currentPasswordWrong });
    if (!user || !ok) {
      await recordSecurityEvent(deps, { action: 'password-change.failed', address, actorId: session.id });
      throw wrong();
    }
    const passwordHash = await hashPassword(newPassword);
    const started = await db.transaction(async (tx) => {
      const credentialVersion = await repo.replacePassword(tx, user, passwordHash);
      if (credentialVersion === null) return null;
      await endUserSessions(tx, user.id, 'password-changed');
      // Every stream of the old sessions is told 'signed-out'; this browser reconnects with its new one.
      await recordChange(tx, { tags: ['users'], audience: [audiences.user(user.id)] });
      return createSession(tx, { id: user.id, credentialVersion }, deps.sessionTtlHours);
    });
    if (!started) throw wrong();
    return started;
  } catch (err) {
    if (!judged) await releaseAttempt(db, key);
    throw err;
  }
}
