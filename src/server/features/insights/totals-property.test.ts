// Property (decision 078): on any ledger the services can write — deliveries and returns counted short
// or over, damaged crates, loans, opening balances, stock takes, booked on random days in time order or
// out of it (a day already settled matched again) — the insights read from the totals kept at write
// time give exactly the figures read from the movements themselves, for the farm and every agent.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { json } from '../../../../tests/support/transmissions.ts';
import { addDays, farmToday } from '../../lib/farm-date.ts';
import { HttpError } from '../../lib/http-error.ts';
import { lendCrates, returnCrates } from '../clients/service.ts';
import { adjustStock, enterOpeningBalance } from '../crates/service.ts';
import { checkLedgerInvariant } from '../invariant/service.ts';
import { acknowledgeTransmission, createTransmission } from '../transmissions/service.ts';
import { fromMovements } from './repository.ts';
import { everyAgentsInsights, figureSource, forecast, holdings } from './service.ts';
import { fromTotals } from './totals.ts';

const { app, farm, agents } = await testFarm({ agents: [{}, {}, {}], stock: 400 });
const db = app.db;
const timeZone = app.config.farmTimezone;
const settings = { loanOverdueDays: app.config.loanOverdueDays };
const farmCaller = { id: farm.user.id, role: 'farm_store' as const, marketAgentId: null, supplierId: null };
const callers = agents.map((a) => ({
  id: a.user.id,
  role: 'market_agent' as const,
  marketAgentId: a.marketAgentId,
  supplierId: null,
}));
const clientIds: number[] = [];
for (const agent of agents) {
  const res = await json(agent, 'POST', '/api/clients', {
    businessName: 'Kasi Kitchen',
    clientName: 'Thabo',
    contactNumber: '082 555 0199',
  });
  clientIds.push(res.json().id);
}
const loans: number[][] = agents.map(() => []);
const pending: { id: number; agent: number; type: 'farm_to_market' | 'market_to_farm' }[] = [];

/** `daysAgo` days before today at `hour` UTC (past midnight on the farm from 22:00): never after now. */
function at(daysAgo: number, hour: number): Date {
  const when = new Date(`${addDays(farmToday(timeZone), -daysAgo)}T${String(hour).padStart(2, '0')}:17:00Z`);
  return when.getTime() > Date.now() ? new Date() : when;
}

const when = { daysAgo: fc.integer({ min: 0, max: 75 }), hour: fc.integer({ min: 0, max: 23 }) };
const op = fc.oneof(
  fc.record({ kind: fc.constant('stock' as const), quantity: fc.integer({ min: 1, max: 300 }), ...when }),
  fc.record({
    kind: fc.constant('opening' as const),
    agent: fc.nat(2),
    full: fc.integer({ min: 0, max: 30 }),
    empty: fc.integer({ min: 0, max: 60 }),
    ...when,
  }),
  fc.record({
    kind: fc.constant('send' as const),
    agent: fc.nat(2),
    type: fc.constantFrom('farm_to_market' as const, 'market_to_farm' as const),
    quantity: fc.integer({ min: 1, max: 60 }),
    ...when,
  }),
  fc.record({
    kind: fc.constant('count' as const),
    pick: fc.nat(),
    off: fc.integer({ min: -4, max: 3 }),
    damaged: fc.integer({ min: 0, max: 4 }),
    later: fc.integer({ min: 0, max: 6 }),
  }),
  fc.record({
    kind: fc.constant('lend' as const),
    agent: fc.nat(2),
    quantity: fc.integer({ min: 1, max: 15 }),
    ...when,
  }),
  fc.record({
    kind: fc.constant('clientReturn' as const),
    agent: fc.nat(2),
    pick: fc.nat(),
    quantity: fc.integer({ min: 1, max: 15 }),
    damaged: fc.integer({ min: 0, max: 3 }),
    ...when,
  }),
  fc.record({
    kind: fc.constant('stockTake' as const),
    agent: fc.nat(2),
    off: fc.array(fc.integer({ min: -5, max: 3 }), { minLength: 3, maxLength: 3 }),
  }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

/** A stock take of one agent's crates today, counted off by `off` and every line accepted. */
async function stockTake(agent: number, off: number[]) {
  await json(farm, 'POST', '/api/stock-takes', { marketAgentIds: [agents[agent].marketAgentId] });
  const { count, toCount } = (await json(agents[agent], 'GET', '/api/stock-takes/current')).json();
  if (!count) return;
  const figure = (i: number) => Math.max(0, toCount[i].expected + off[i % off.length]);
  await json(agents[agent], 'PUT', `/api/stock-takes/counts/${count.id}/submit`, {
    fullCrates: figure(0),
    emptyCrates: figure(1),
    clients: toCount
      .slice(2)
      .map((l: { clientId: number }, i: number) => ({ clientId: l.clientId, counted: figure(i + 2) })),
  });
  const counts = (await json(farm, 'GET', '/api/stock-takes/counts?state=all')).json();
  for (const line of counts.flatMap((c: { lines: { id: number }[] }) => c.lines)) {
    await json(farm, 'PUT', `/api/stock-takes/lines/${line.id}/resolve`, { action: 'accept' });
  }
}

/** Acknowledges a pending transmission `later` days after it was sent (never after now). */
async function count(o: Extract<Op, { kind: 'count' }>) {
  if (pending.length === 0) return;
  const [t] = pending.splice(o.pick % pending.length, 1);
  const sent = (await db.query.transmissions.findFirst({ where: (x, { eq }) => eq(x.id, t.id) }))!;
  const sentDaysAgo = Math.round((Date.now() - sent.sentAt.getTime()) / 86_400_000);
  const ack = at(Math.max(0, sentDaysAgo - o.later), 23);
  const actual = Math.max(0, sent.quantity + o.off);
  const toFarm = t.type === 'market_to_farm';
  await acknowledgeTransmission(db, toFarm ? farmCaller : callers[t.agent], t.id, actual, {
    at: ack.getTime() < sent.sentAt.getTime() ? sent.sentAt : ack,
    timeZone,
    ...(toFarm && o.damaged > 0 && o.damaged <= actual ? { damage: { quantity: o.damaged, reason: 'Split' } } : {}),
  });
}

async function run(o: Op) {
  switch (o.kind) {
    case 'stock':
      return adjustStock(db, farmCaller, { quantity: o.quantity, reason: 'property' }, { at: at(o.daysAgo, o.hour) });
    case 'opening':
      return enterOpeningBalance(
        db,
        farmCaller,
        { marketAgentId: agents[o.agent].marketAgentId, fullCrates: o.full, emptyCrates: o.empty },
        { at: at(o.daysAgo, o.hour) },
      );
    case 'send': {
      const body = { type: o.type, marketAgentId: agents[o.agent].marketAgentId, quantity: o.quantity };
      const by = o.type === 'farm_to_market' ? farmCaller : callers[o.agent];
      const t = await createTransmission(db, by, body, { at: at(o.daysAgo, o.hour) });
      pending.push({ id: t.id, agent: o.agent, type: o.type });
      return;
    }
    case 'count':
      return count(o);
    case 'lend': {
      const body = { clientId: clientIds[o.agent], quantityBorrowed: o.quantity };
      const loan = await lendCrates(db, callers[o.agent], body, settings, { at: at(o.daysAgo, o.hour) });
      loans[o.agent].push(loan.id);
      return;
    }
    case 'clientReturn': {
      const own = loans[o.agent];
      if (own.length === 0) return;
      const damage =
        o.damaged > 0 && o.damaged <= o.quantity ? { damagedQuantity: o.damaged, damageReason: 'Split' } : {};
      const body = { quantityReturned: o.quantity, ...damage };
      return returnCrates(db, callers[o.agent], own[o.pick % own.length], body, settings, {
        at: at(o.daysAgo, o.hour),
      });
    }
    case 'stockTake':
      return stockTake(o.agent, o.off);
  }
}

/** Every insight from the kept totals and from the movements, for the farm and each agent. */
async function bothWays() {
  const options = { timeZone, loanOverdueDays: settings.loanOverdueDays };
  const read = async (source: typeof fromTotals) => ({
    agents: await everyAgentsInsights(db, { ...options, source }, 14),
    holdings: await Promise.all([farmCaller, ...callers].map((c) => holdings(db, c, timeZone, 14, source))),
    lastWeek: await holdings(db, farmCaller, timeZone, 1, source),
    forecast: await Promise.all([farmCaller, ...callers].map((c) => forecast(db, c, timeZone, source))),
  });
  return { kept: await read(fromTotals), movements: await read(fromMovements) };
}

it('the kept totals give the same insights as the movements, whatever the order of the days', async () => {
  expect(await figureSource(db, timeZone)).toBe(fromTotals);
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 25 }), fc.boolean(), async (ops, inOrder) => {
      // In time order (each day settled as the next begins) or as drawn (days already settled again).
      const sequence = inOrder
        ? [...ops].sort((a, b) => ('daysAgo' in b ? b.daysAgo : 0) - ('daysAgo' in a ? a.daysAgo : 0))
        : ops;
      for (const o of sequence) {
        try {
          await run(o);
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
        }
      }
      const { kept, movements } = await bothWays();
      expect(kept).toEqual(movements);
      expect((await checkLedgerInvariant(db)).problems).toEqual([]);
    }),
    // A fixed seed: the same 25 ledgers every run, so the checks after it (returns matched, days settled)
    // hold every time instead of most times (a CI run drew ledgers that settled no day).
    { numRuns: 25, seed: 20261129 },
  );
  // The runs matched real crates: returns matched to deliveries, some days settled.
  const { agents: insights } = (await bothWays()).kept;
  expect(insights.farm.turnaround.cratesBack).toBeGreaterThan(0);
  const settled = await db.execute<{ n: number }>(sql`select count(*)::int as n from agent_turnaround_days`);
  expect(Number(settled.rows[0].n)).toBeGreaterThan(0);
}, 300_000);
