// Test helpers for the crate features: a farm with agents and a supplier, registered through the API.
import { eq } from 'drizzle-orm';
import type { App } from '../../src/server/app.ts';
import { suppliers } from '../../src/server/db/schema/index.ts';
import { type Account, registerAs } from './accounts.ts';

export type AgentAccount = Account & { marketAgentId: number };

export async function registerAgent(app: App, overrides: Record<string, unknown> = {}): Promise<AgentAccount> {
  const account = await registerAs(app, 'market_agent', overrides);
  const me = await account.inject({ method: 'GET', url: '/api/market-agents/me' });
  if (me.statusCode !== 200) throw new Error(`agent me failed: ${me.statusCode} ${me.body}`);
  return { ...account, marketAgentId: me.json().id };
}

export async function registerApprovedSupplier(app: App): Promise<Account> {
  const account = await registerAs(app, 'supplier');
  await app.db.update(suppliers).set({ status: 'approved' }).where(eq(suppliers.userId, account.user.id));
  return account;
}

export const json = (account: Account, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  account.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

export async function addStock(farm: Account, quantity: number, reason = 'Bought crates') {
  const res = await json(farm, 'POST', '/api/farm-store/stock-adjustments', { quantity, reason });
  if (res.statusCode !== 201) throw new Error(`stock adjustment failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Gives an agent crates to start from (an opening balance), as the farm store does when moving off paper. */
export async function enterOpeningBalance(
  farm: Account,
  agent: AgentAccount,
  crates: { fullCrates?: number; emptyCrates?: number },
) {
  const res = await json(farm, 'POST', '/api/farm-store/opening-balances', {
    marketAgentId: agent.marketAgentId,
    ...crates,
  });
  if (res.statusCode !== 201) throw new Error(`opening balance failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function send(farm: Account, agent: AgentAccount, quantity: number, type = 'farm_to_market') {
  const res = await json(farm, 'POST', '/api/transmissions', {
    type,
    marketAgentId: agent.marketAgentId,
    toUserId: agent.user.id,
    quantity,
  });
  if (res.statusCode !== 201) throw new Error(`send failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; quantity: number };
}

export async function acknowledge(account: Account, id: number, actualQuantity?: number) {
  const res = await json(
    account,
    'PUT',
    `/api/transmissions/${id}/acknowledge`,
    actualQuantity === undefined ? undefined : { actualQuantity },
  );
  if (res.statusCode !== 200) throw new Error(`acknowledge failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function agentCrates(agent: Account) {
  return (await json(agent, 'GET', '/api/market-agents/me')).json() as {
    fullCrates: number;
    emptyCrates: number;
    totalCrates: number;
  };
}

export async function farmStock(farm: Account): Promise<number> {
  return (await json(farm, 'GET', '/api/farm-store/me')).json().stock;
}

/**
 * The usual cast of a crate test: two farm store users, an agent at the Johannesburg market and one at
 * Pretoria, and an approved supplier, registered in that order; the farm holds `stock` crates.
 */
export async function farmWithAgents(app: App, stock: number, reason?: string) {
  const farm = await registerAs(app, 'farm_store');
  const farm2 = await registerAs(app, 'farm_store');
  const agent = await registerAgent(app);
  const otherAgent = await registerAgent(app, { marketLocation: 'Pretoria Market' });
  const supplier = await registerApprovedSupplier(app);
  await addStock(farm, stock, reason);
  return { farm, farm2, agent, otherAgent, supplier };
}
