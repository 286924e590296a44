// One farm for the API tests (docs/architecture.md, Habits): the app on its own database clone, its farm
// store, the market agents with their opening balances, a supplier if the file needs one, and the
// farm's stock —
// registered through the API, in that order, so every file starts from the same kind of farm.
import type { App } from '../../src/server/app.ts';
import type { Config } from '../../src/server/config.ts';
import { type Account, registerAs } from './accounts.ts';
import { buildTestApp } from './test-app.ts';
import {
  type AgentAccount,
  addStock,
  enterOpeningBalance,
  registerAgent,
  registerApprovedSupplier,
} from './transmissions.ts';

/** An agent to register: its registration fields (name, marketLocation…) and the crates it starts with. */
export type AgentPlan = Record<string, unknown> & { fullCrates?: number; emptyCrates?: number };

export type FarmPlan = {
  /** The app's configuration, beyond the test defaults. */
  config?: Partial<Config>;
  /** Crates the farm store enters as stock before any opening balance (none: 0). */
  stock?: number;
  /** The reason on that stock adjustment. */
  stockReason?: string;
  /** The market agents, registered in this order (none: []). */
  agents?: AgentPlan[];
  /** A supplier: just registered (pending), or approved by the farm. */
  supplier?: 'registered' | 'approved';
};

/** The farm a plan makes: a supplier only when the plan asks for one. */
export type TestFarm<P extends FarmPlan> = {
  app: App;
  farm: Account;
  agents: AgentAccount[];
  supplier: P['supplier'] extends string ? Account : undefined;
};

/** A new app and a farm in it as `plan` says. The app closes (and its invariant is checked) after the file. */
export async function testFarm<P extends FarmPlan>(plan: P = {} as P): Promise<TestFarm<P>> {
  const app = await buildTestApp(plan.config);
  return { app, ...(await farmIn(app, plan)) } as TestFarm<P>;
}

/** The same farm in an app the test made itself. */
export async function farmIn(app: App, plan: Omit<FarmPlan, 'config'> = {}) {
  const farm = await registerAs(app, 'farm_store');
  const agents: AgentAccount[] = [];
  for (const { fullCrates: _full, emptyCrates: _empty, ...registration } of plan.agents ?? []) {
    agents.push(await registerAgent(app, registration));
  }
  const supplier =
    plan.supplier === 'approved'
      ? await registerApprovedSupplier(app)
      : plan.supplier === 'registered'
        ? await registerAs(app, 'supplier')
        : undefined;
  if (plan.stock) await addStock(farm, plan.stock, plan.stockReason);
  for (const [i, { fullCrates, emptyCrates }] of (plan.agents ?? []).entries()) {
    if (fullCrates || emptyCrates) await enterOpeningBalance(farm, agents[i]!, { fullCrates, emptyCrates });
  }
  return { farm, agents, supplier };
}
