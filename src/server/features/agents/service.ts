// Market agents: who they are, their records as rows. The record with its crates, overdue loans and
// earnings is a read model above this feature (agent-records, decision 069).
import type { Executor } from '../../db/client.ts';
import * as repo from './repository.ts';

export type { AgentCratesRow, AgentRecord } from './repository.ts';

/** Agents' rows with what their record counts (the read model adds crates and loans). */
export const listAgentsWithCrates = repo.listAgentsWithCrates;

export async function findAgentById(db: Executor, id: number) {
  return repo.findAgent(db, { id });
}

/** Another user's market agent record (a recipient, demo data); the caller's own id is on the caller. */
export async function findAgentByUserId(db: Executor, userId: number) {
  return repo.findAgent(db, { userId });
}

export const countActiveAgents = (db: Executor) => repo.countActiveAgents(db);

/** Active agents among `ids` (all when undefined): id, user and name, by id (statements, stock takes). */
export const activeAgents = repo.activeAgents;

export async function agentsForTransmission(db: Executor) {
  const rows = await repo.listActiveAgents(db);
  return rows.map(({ isActive: _active, ...agent }) => agent);
}
