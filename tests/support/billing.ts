// Test helpers for billing: farm days counted from today, agents holding empties (with bank details
// or without), returns the farm counted on a chosen day, and cycles made through the API.
import type { App } from '../../src/server/app.ts';
import { acknowledgeTransmission } from '../../src/server/features/transmissions/service.ts';
import { addDays, DEFAULT_FARM_TIMEZONE, farmToday } from '../../src/server/lib/farm-date.ts';
import type { BillingCycle } from '../../src/shared/billing.ts';
import type { Account } from './accounts.ts';
import { type AgentAccount, enterOpeningBalance, json, registerAgent } from './transmissions.ts';

/** The farm's today when the test file started; every day below is an offset from it. */
export const today = farmToday(DEFAULT_FARM_TIMEZONE);
/** The farm's day `n` days from today, YYYY-MM-DD. */
export const farmDay = (n: number) => addDays(today, n);
/** Noon on the farm's day `n` days from today (Johannesburg is UTC+2 all year). */
export const noonOn = (n: number) => new Date(`${farmDay(n)}T10:00:00Z`);

export const bankDetails = {
  bankName: 'Capitec',
  accountNumber: '0123456789',
  branchCode: '470010',
  accountHolderName: 'Jozi Fresh',
  accountType: 'savings',
};

/** The helpers that need the test file's app and farm store: agents, counted returns, cycles. */
export function billingFixtures(app: App, farm: Account) {
  return {
    /**
     * A new market agent holding `empties` empty crates from an opening balance; with `bank`, it has
     * saved those bank details. Other options go to the registration (name, marketLocation, …).
     */
    async agentWithEmpties(
      empties: number,
      { bank, ...overrides }: { bank?: Record<string, unknown> } & Record<string, unknown> = {},
    ): Promise<AgentAccount> {
      const agent = await registerAgent(app, overrides);
      await enterOpeningBalance(farm, agent, { emptyCrates: empties });
      if (bank) {
        const res = await json(agent, 'PUT', '/api/market-agents/me/bank-details', bank);
        if (res.statusCode !== 200) throw new Error(`bank details failed: ${res.statusCode} ${res.body}`);
      }
      return agent;
    },

    /**
     * A return the farm counted at noon on the farm's day `n` days from today (the service's `at`, as
     * the demo data does: the API always acknowledges now); `counted` null is the quantity sent.
     */
    async returnCountedOn(agent: AgentAccount, quantity: number, n: number, counted: number | null = null) {
      const id = await returnEmpties(agent, quantity);
      await acknowledgeTransmission(app.db, { id: farm.user.id, role: 'farm_store' }, id, counted, { at: noonOn(n) });
      return id;
    },

    /** A billing cycle the farm store creates; throws unless it is created. */
    async newCycle(startDate: string, endDate: string, ratePerCrate: string): Promise<BillingCycle> {
      const res = await json(farm, 'POST', '/api/billing/create-cycle', { startDate, endDate, ratePerCrate });
      if (res.statusCode !== 201) throw new Error(`create-cycle failed: ${res.statusCode} ${res.body}`);
      return res.json();
    },
  };
}

/** The agent sends `quantity` empties back to the farm: the pending return's id. */
export async function returnEmpties(agent: AgentAccount, quantity: number): Promise<number> {
  const res = await json(agent, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity });
  if (res.statusCode !== 201) throw new Error(`return failed: ${res.statusCode} ${res.body}`);
  return res.json().id;
}
