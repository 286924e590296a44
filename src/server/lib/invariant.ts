// One check of the whole-database invariant (decision 069): each domain checks its own tables and
// answers with its problems; features/invariant/service.ts runs them all in order.
import type { Db, Executor } from '../db/client.ts';

export type InvariantCheck = (db: Db | Executor) => Promise<string[]>;

/** A count or sum as PostgreSQL and PGlite return it (string, number or null), as a number. */
export const num = (v: unknown) => Number(v ?? 0);
