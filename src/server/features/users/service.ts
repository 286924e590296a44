// User management rules (spec §6, DESIGN §7): the farm store lists market agents and suppliers,
// removes them (the account is deactivated, its history and crates stay) and resets their passwords
// (typed by the admin, or generated here and shown once). Either ends the user's sessions at once:
// the sessions are deleted and a 'users' change makes every instance close their event streams.
import { randomInt } from 'node:crypto';
import type { ChangeTag } from '../../../shared/change-tags.ts';
import type { ManagedUser } from '../../../shared/users.ts';
import { userMessages as m } from '../../../shared/users.ts';
import type { Db, Executor } from '../../db/client.ts';
import { audiences, recordChange } from '../../lib/changes.ts';
import { conflict, forbidden, notFound, tooManyRequests } from '../../lib/http-error.ts';
import { hashPassword, passwordPool } from '../../lib/passwords.ts';
import { releaseAttempt, reserveAttempt } from '../../lib/rate-limit.ts';
import { endUserSessions, forgetRemovedSessions } from '../../lib/sessions.ts';
import { recordSecurityEvent, type SecurityDeps } from '../auth/security-events.ts';
import * as transmissions from '../transmissions/service.ts';
import * as repo from './repository.ts';
import { actionsOnUser, mayReset } from './rules.ts';

function toManagedUser(row: repo.ManagedUserRow): ManagedUser {
  const marketAgent =
    row.agentId === null
      ? null
      : { id: row.agentId, agentNumber: row.agentNumber ?? '', businessName: row.agentBusinessName ?? null };
  const supplier =
    row.supplierId === null
      ? null
      : { id: row.supplierId, businessName: row.supplierBusinessName ?? '', status: row.supplierStatus ?? 'pending' };
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role === 'supplier' ? 'supplier' : 'market_agent',
    createdAt: row.createdAt,
    isActive: row.isActive,
    marketLocation: row.agentMarketLocation ?? null,
    businessName: marketAgent?.businessName || supplier?.businessName || null,
    marketAgent,
    supplier,
    ...actionsOnUser(row),
  };
}

export async function listUsers(
  db: Executor,
  page: { limit: number; before?: number; status?: 'active' | 'removed' },
): Promise<ManagedUser[]> {
  const rows = await repo.listManagedUsers(db, {
    limit: page.limit,
    before: page.before,
    removed: page.status === 'removed',
  });
  return rows.map(toManagedUser);
}

/** Why a change to `id` was refused: a farm store account is 403, anything else not there is 404. */
async function refusal(db: Executor, id: number) {
  const user = await repo.findUser(db, id);
  if (user?.isActive && user.role === 'farm_store') return forbidden(m.farmStoreProtected);
  return notFound(m.userNotFound);
}

/**
 * Restores a removed user (decision 022): the account signs in again with the password it had (the
 * farm store can reset it right after), and shows again in every list and picker; its history never
 * left. 404 for an unknown id, 409 for a user who is not removed, 403 for a farm store account.
 */
export async function restoreUser(db: Db, id: number): Promise<ManagedUser> {
  await db.transaction(async (tx) => {
    const restored = await repo.reactivateUser(tx, id);
    if (!restored) {
      const user = await repo.findUser(tx, id);
      if (!user) throw notFound(m.userNotFound);
      if (user.role === 'farm_store') throw forbidden(m.farmStoreProtected);
      throw conflict(m.notRemoved);
    }
    // Its old cookies no longer say "removed": the account is back.
    await forgetRemovedSessions(tx, restored.id);
    await recordChange(tx, {
      tags: changedWith(restored),
      audience: [audiences.farmStore, audiences.user(restored.id)],
    });
  });
  const [row] = await repo.listManagedUsers(db, { limit: 1, id });
  return toManagedUser(row);
}

/**
 * What a change to an account touches: a supplier's also its screens and, since a removed supplier's
 * crate requests stop waiting for the farm (decision 022), the farm's pending transmissions.
 */
const changedWith = (user: { role: string }): ChangeTag[] =>
  user.role === 'supplier' ? ['users', 'suppliers', 'transmissions'] : ['users'];

/**
 * What ends a user's sessions: their rows go (remembered with the reason, decision 040), and every
 * instance closes the user's streams.
 */
async function endSessions(tx: Executor, user: { id: number; role: string }, reason: 'password-reset' | 'removed') {
  await endUserSessions(tx, user.id, reason);
  await recordChange(tx, {
    tags: changedWith(user),
    audience: [audiences.farmStore, audiences.user(user.id)],
  });
}

/**
 * Removes a user: the account is deactivated (it can't sign in and its sessions end), and everything
 * it did — transmissions, crate movements, loans, billing records — stays. Crates it still holds stay
 * on the ledger; what is still pending to it the farm store can recall (decision 012). A supplier's
 * pending crate requests are withdrawn with it (crates never go to a removed supplier; a
 * restored account asks again).
 */
export async function removeUser(db: Db, id: number, byUserId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await repo.deactivateUser(tx, id);
    if (!removed) throw await refusal(tx, id);
    if (removed.role === 'supplier') await transmissions.cancelCrateRequestsOf(tx, removed.id, byUserId);
    await endSessions(tx, removed, 'removed');
  });
}

// No 0/O, 1/l/I: the farm manager may read it out over the phone.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random password from the system's CSPRNG: 3 groups of 4 (about 70 bits), easy to read out. */
export function generatePassword(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return [group(), group(), group()].join('-');
}

const RESET_WINDOW_SECONDS = 15 * 60;

export type ResetDeps = SecurityDeps & { resetsPerAdmin: number };

/**
 * Sets a new password for a market agent or supplier and ends every session it had. Without
 * `newPassword` one is generated and returned, once. Each farm store account may make
 * `resetsPerAdmin` resets in 15 minutes (each is a password hash, decision 025).
 */
export async function resetPassword(
  deps: ResetDeps,
  actor: { id: number; address: string },
  id: number,
  newPassword: string | null | undefined,
): Promise<{ generatedPassword?: string }> {
  const { db } = deps;
  // Refuse early so an unknown id costs no hash and no place; the update below decides a race.
  const target = await repo.findUser(db, id);
  if (!target || !mayReset(target)) throw await refusal(db, id);
  const key = `password-reset:user:${actor.id}`;
  if ((await reserveAttempt(db, key, deps.resetsPerAdmin, RESET_WINDOW_SECONDS)) === null) {
    await recordSecurityEvent(deps, {
      action: 'password-reset.rate-limited',
      address: actor.address,
      actorId: actor.id,
      detail: `${deps.resetsPerAdmin} resets in 15 minutes; user ${id}`,
    });
    throw tooManyRequests(m.tooManyResets);
  }
  const generatedPassword = newPassword ? undefined : generatePassword();
  try {
    const passwordHash = await hashPassword(newPassword || generatedPassword!);
    await db.transaction(async (tx) => {
      const updated = await repo.setPasswordHash(tx, id, passwordHash);
      if (!updated) throw await refusal(tx, id);
      await endSessions(tx, updated, 'password-reset');
    });
  } catch (err) {
    // Nothing was set (a busy hashing pool, or the user removed meanwhile): the place is given back.
    await releaseAttempt(db, key);
    throw err;
  }
  return generatedPassword ? { generatedPassword } : {};
}

/** A market agent account to create from paper records (an import, decision 050). */
export type NewAgentAccount = {
  name: string;
  email: string;
  contactNumber: string;
  marketLocation: string;
  businessName: string | null;
};
export type PreparedAgentAccount = NewAgentAccount & { password: string; passwordHash: string };

/** Accounts that already use these e-mails (any case): role, whether active, and the agent record's id. */
export async function accountsByEmail(db: Executor, emails: readonly string[]) {
  return repo.findAccountsByEmail(db, emails);
}

/**
 * Generates each new account's first password (as a reset does, decision 022: shown once, only its hash
 * kept) and hashes it, a few at a time in the password pool, before any transaction opens.
 */
export async function prepareAgentAccounts(accounts: readonly NewAgentAccount[]): Promise<PreparedAgentAccount[]> {
  const out: PreparedAgentAccount[] = new Array(accounts.length);
  let next = 0;
  const worker = async () => {
    while (next < accounts.length) {
      const i = next++;
      const password = generatePassword();
      out[i] = { ...accounts[i], password, passwordHash: await hashPassword(password) };
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(4, passwordPool.size)) }, worker));
  return out;
}

const cityOf = (market: string) => market.replace(/ Market$/, '');

/**
 * Creates market agent accounts in the caller's transaction with a few multi-row inserts (agent numbers
 * MA-0001… follow the record id, as at registration). A taken e-mail fails the unique index: the
 * caller's transaction rolls back.
 */
export async function createAgentAccounts(tx: Executor, accounts: readonly PreparedAgentAccount[]) {
  const userIds = await repo.nextIds(tx, 'users', accounts.length);
  const agentIds = await repo.nextIds(tx, 'market_agents', accounts.length);
  await repo.insertUsers(
    tx,
    accounts.map((a, i) => ({
      id: userIds[i],
      name: a.name,
      email: a.email,
      passwordHash: a.passwordHash,
      role: 'market_agent' as const,
      // The printed first password is the farm's, not theirs: chosen anew at first sign-in (decision 050).
      mustChangePassword: true,
    })),
  );
  const created = accounts.map((a, i) => ({
    userId: userIds[i],
    marketAgentId: agentIds[i],
    agentNumber: `MA-${String(agentIds[i]).padStart(4, '0')}`,
    name: a.name,
    email: a.email,
    password: a.password,
  }));
  await repo.insertMarketAgents(
    tx,
    accounts.map((a, i) => ({
      id: agentIds[i],
      userId: userIds[i],
      agentNumber: created[i].agentNumber,
      businessName: a.businessName,
      marketName: a.marketLocation,
      marketLocation: a.marketLocation,
      location: cityOf(a.marketLocation),
      contactNumber: a.contactNumber,
    })),
  );
  return created;
}
