// Ownership in one place (DESIGN §6, docs/decisions/012): the farm store acts as one role and sees
// every row; an agent or a supplier sees and acts only on rows that name it as a party. Services ask
// here instead of comparing ids by hand, so clients, billing and supplier offers follow the same rule.
import { agentMessages } from '../../shared/agents.ts';
import type { Role } from '../../shared/auth.ts';
import { notFound } from './http-error.ts';

/**
 * Who is calling, resolved once when the session loads (plugins/auth.ts, one query): the user, its
 * role and, where they exist, the market agent and the supplier record it acts as. Handlers and
 * services take it; none looks these ids up again from the user id.
 */
export type Caller = { id: number; role: Role; marketAgentId: number | null; supplierId: number | null };

/** The part of the caller the ownership rules read (demo data and tests act with just these). */
export type Acting = Pick<Caller, 'id' | 'role'>;

/** The caller's own market agent id; 404 when the caller has no market agent record. */
export function ownMarketAgentId(caller: Pick<Caller, 'marketAgentId'>): number {
  if (caller.marketAgentId === null) throw notFound(agentMessages.agentNotFound);
  return caller.marketAgentId;
}

/** One side of a row: a person, or the farm store as a role (any of its active users). */
export type Party = { farmStore: true } | { userId: number };

export const farmStore: Party = { farmStore: true };

/** The party a user acts as: farm store users act for the farm store, everyone else for themselves. */
export function partyOf(user: { id: number; role: Role }): Party {
  return user.role === 'farm_store' ? farmStore : { userId: user.id };
}

/** Whether the caller may act as this party. */
export function actsFor(caller: Acting, party: Party): boolean {
  return 'farmStore' in party ? caller.role === 'farm_store' : party.userId === caller.id;
}

/**
 * Which rows of a list the caller sees: `null` for every row (the farm store), otherwise only rows
 * naming this user as a party. A repository takes it as its filter.
 */
export function ownRowsOf(caller: Acting): { userId: number } | null {
  return caller.role === 'farm_store' ? null : { userId: caller.id };
}
