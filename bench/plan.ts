// The bench farm's plan (bench/farm.ts builds it): sizes, shape and the accounts' ids and e-mails.
// No app imports, so bench/api.mjs can read it without loading the server.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PASSWORD = 'bench-secret-1';
export const FARM_USERS = 3;
/** User ids: the farm store users 1–3, the supplier 4, agent n is user 4 + n and market agent n. */
export const SUPPLIER_USER_ID = FARM_USERS + 1;
export const agentUserId = (agent: number) => SUPPLIER_USER_ID + agent;
export const agentEmail = (agent: number) => `agent${agent}@bench.cratekeeper`;
export const farmEmail = (n: number) => (n === 1 ? 'farm@bench.cratekeeper' : `farm${n}@bench.cratekeeper`);
const DEFAULT_FARM_TIMEZONE = 'Africa/Johannesburg';

export type Size = 'big' | 'small';
export type Shape = 'normal' | 'busy-week';

export type FarmPlan = {
  size: Size;
  shape: Shape;
  agents: number;
  clientsPerAgent: number;
  transmissions: number;
  loans: number;
  cycles: number;
  busyWeek: number;
  timeZone: string;
  /** Also check every holder's running balance through the whole history (a minute at the big size). */
  checkHistory: boolean;
};

const SIZES: Record<Size, Pick<FarmPlan, 'agents' | 'clientsPerAgent' | 'transmissions' | 'loans'>> = {
  big: { agents: 200, clientsPerAgent: 100, transmissions: 1_000_000, loans: 2_000_000 },
  small: { agents: 40, clientsPerAgent: 25, transmissions: 10_000, loans: 20_000 },
};

const whole = (value: string | undefined, fallback: number, name: string, min = 0) => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number ≥ ${min}, got ${value}`);
  return n;
};

/** The plan from the environment: BENCH_SIZE, BENCH_SHAPE and the per-count overrides. */
export function planFromEnv(env: NodeJS.ProcessEnv, defaultSize: Size): FarmPlan {
  const size = (env.BENCH_SIZE || defaultSize) as Size;
  if (!(size in SIZES)) throw new Error(`BENCH_SIZE must be big or small, got ${size}`);
  const shape = (env.BENCH_SHAPE || 'normal') as Shape;
  if (shape !== 'normal' && shape !== 'busy-week') throw new Error(`BENCH_SHAPE must be busy-week or unset`);
  const base = SIZES[size];
  const agents = whole(env.BENCH_AGENTS, base.agents, 'BENCH_AGENTS', 1);
  const clients = whole(env.BENCH_CLIENTS, agents * base.clientsPerAgent, 'BENCH_CLIENTS', agents);
  const transmissions = whole(env.BENCH_TRANSMISSIONS, base.transmissions, 'BENCH_TRANSMISSIONS', 2);
  const cycles = whole(env.BENCH_CYCLES, 150, 'BENCH_CYCLES', 3);
  const deliveries = Math.ceil(transmissions / 2);
  const usualWeek = Math.round(deliveries / cycles);
  const busyWeek =
    shape === 'busy-week'
      ? Math.min(deliveries - 1, whole(env.BENCH_BUSY_WEEK, Math.max(1_500, usualWeek), 'BENCH_BUSY_WEEK', 1))
      : 0;
  return {
    size,
    shape,
    agents,
    clientsPerAgent: Math.floor(clients / agents),
    transmissions,
    loans: whole(env.BENCH_LOANS, transmissions * 2, 'BENCH_LOANS'),
    cycles,
    busyWeek,
    timeZone: env.FARM_TIMEZONE || DEFAULT_FARM_TIMEZONE,
    checkHistory: env.BENCH_CHECK_HISTORY ? env.BENCH_CHECK_HISTORY === '1' : size === 'small',
  };
}

/**
 * The migrations a database was built with (their SQL and journal): a reused bench database made
 * before a migration changed is seeded again rather than half-migrated.
 */
export function migrationsFingerprint(): string {
  const dir = fileURLToPath(new URL('../src/server/db/migrations', import.meta.url));
  const hash = createHash('sha256');
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(name).update(readFileSync(join(dir, name)));
  }
  hash.update(readFileSync(join(dir, 'meta', '_journal.json')));
  return hash.digest('hex').slice(0, 16);
}
