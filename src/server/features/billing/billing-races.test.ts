// Item 3, "race-free on both databases": simultaneous identical create-cycle submits make one
// cycle, and acknowledgements racing cycle creations are each billed exactly once, to the cycle whose
// dates contain their day. On PGlite the transactions serialize; with TEST_DB=postgres they really run
// at once. Dates are relative to the farm's today: this file's database is its own, so the cycles
// below are planned not to overlap by accident.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type Account, registerAs } from '../../../../tests/support/accounts.ts';
import { billingFixtures, farmDay as day, noonOn, returnEmpties } from '../../../../tests/support/billing.ts';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { type AgentAccount, addStock, json } from '../../../../tests/support/transmissions.ts';
import type { BillingCycle as Cycle } from '../../../shared/billing.ts';
import { billingMessages } from '../../../shared/billing.ts';
import { centsToDecimal, decimalToCents, rateTimesCrates } from '../../../shared/money.ts';
import { maxCountFor } from '../../../shared/transmissions.ts';
import { DEFAULT_FARM_TIMEZONE, farmToday } from '../../lib/farm-date.ts';
import { checkLedgerInvariant } from '../invariant/service.ts';
import { acknowledgeTransmission } from '../transmissions/service.ts';

const { app, farm } = await testFarm();
const farm2 = await registerAs(app, 'farm_store');
await addStock(farm, 1_000);
const { agentWithEmpties } = billingFixtures(app, farm);
const agents: AgentAccount[] = [];
for (let i = 0; i < 5; i++) agents.push(await agentWithEmpties(300));

const createCycle = (as: Account, startDate: string, endDate: string, ratePerCrate: string) =>
  json(as, 'POST', '/api/billing/create-cycle', { startDate, endDate, ratePerCrate });

async function cycle(id: number): Promise<Cycle> {
  const res = await json(farm, 'GET', `/api/billing/cycles/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Acknowledged on an earlier farm day, as the demo data does (the API always acknowledges now). */
const acknowledgeOn = (offset: number, id: number, actual: number) =>
  acknowledgeTransmission(app.db, { id: farm.user.id, role: 'farm_store' }, id, actual, { at: noonOn(offset) });

async function linesOf(ids: number[]) {
  const result = await app.db.execute<{
    transmission_id: number;
    day: string;
    crates: number;
    cycle_id: number | null;
  }>(
    sql`select transmission_id, acknowledged_on::text as day, crates, cycle_id from billing_lines
        where transmission_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return result.rows.map((r) => ({
    transmissionId: Number(r.transmission_id),
    day: r.day,
    crates: Number(r.crates),
    cycleId: r.cycle_id === null ? null : Number(r.cycle_id),
  }));
}

const cents = (amount: string) => {
  const c = decimalToCents(amount);
  if (c === null) throw new Error(`not an amount: ${amount}`);
  return c;
};
const statuses = (results: LightMyRequestResponse[]) => results.map((r) => r.statusCode).sort();

/** The returns the first test bills into the past cycle (day −60 to −50, R0.45): agent index → crates. */
const billedFirst = [4, 7, 9];
let pastCycleId = 0;
/** Cycle B of the race below, running from day −1 to day 20, and its crates. */
let running = { id: 0, crates: 0 };

describe('five simultaneous identical create-cycle submits', () => {
  it('make one past cycle that bills the waiting returns once; the other four get 409 naming it', async () => {
    const ids: number[] = [];
    for (const [i, crates] of billedFirst.entries()) {
      const id = await returnEmpties(agents[i], crates);
      await acknowledgeOn(-55, id, crates);
      ids.push(id);
    }
    expect((await linesOf(ids)).map((l) => l.cycleId)).toEqual([null, null, null]);

    const results = await Promise.all(
      [farm, farm2, farm, farm2, farm].map((as) => createCycle(as, day(-60), day(-50), '0.45')),
    );
    expect(statuses(results), results.map((r) => r.body).join('\n')).toEqual([201, 409, 409, 409, 409]);
    const created: Cycle = results.find((r) => r.statusCode === 201)!.json();
    pastCycleId = created.id;
    for (const res of results.filter((r) => r.statusCode === 409)) {
      expect(res.json().message).toBe(billingMessages.cycleOverlaps({ startDate: day(-60), endDate: day(-50) }));
    }
    expect(created).toMatchObject({ startDate: day(-60), endDate: day(-50), status: 'completed' });
    expect(created.totalCratesReturned).toBe(20);
    expect(created.totalAmount).toBe(centsToDecimal(rateTimesCrates('0.45', 20))); // 9.00
    expect((await linesOf(ids)).every((l) => l.cycleId === created.id)).toBe(true);
    const count = await app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from billing_cycles where start_date = ${day(-60)}::date`,
    );
    expect(Number(count.rows[0].n)).toBe(1);
  });

  it('make one future cycle, left upcoming; the other four get 409 naming it', async () => {
    const results = await Promise.all(
      [farm2, farm, farm2, farm, farm2].map((as) => createCycle(as, day(300), day(330), '0.90')),
    );
    expect(statuses(results), results.map((r) => r.body).join('\n')).toEqual([201, 409, 409, 409, 409]);
    for (const res of results.filter((r) => r.statusCode === 409)) {
      expect(res.json().message).toBe(billingMessages.cycleOverlaps({ startDate: day(300), endDate: day(330) }));
    }
    expect(results.find((r) => r.statusCode === 201)!.json()).toMatchObject({
      status: 'upcoming',
      totalCratesReturned: 0,
      totalAmount: '0.00',
    });
  });
});

describe('acknowledgements racing cycle creations', () => {
  it('bills each of 50 returns acknowledged today (and 12 back-dated ones) exactly once, in the cycle covering its day', async () => {
    // 50 returns acknowledged now through the API by two farm store users; counts under, over (within
    // the bound) and exact.
    const today: { id: number; agent: AgentAccount; counted: number }[] = [];
    for (let i = 0; i < 50; i++) {
      const agent = agents[i % agents.length];
      const sent = 1 + ((i * 7) % 13);
      const counted = i % 5 === 0 ? sent - 1 : i % 5 === 1 ? Math.min(sent + 2, maxCountFor(sent)) : sent;
      today.push({ id: await returnEmpties(agent, sent), agent, counted });
    }
    // 12 acknowledged on earlier days: 3 each on day −55 (the past cycle above), −5 (no cycle: stays
    // unbilled), −2 (cycle A, once completed) and −1 (cycle B, which takes it over from A).
    const backDated: { id: number; agent: AgentAccount; counted: number; offset: number }[] = [];
    for (const [k, offset] of [-55, -55, -55, -5, -5, -5, -2, -2, -2, -1, -1, -1].entries()) {
      const agent = agents[k % agents.length];
      const sent = 3 + k;
      backDated.push({ id: await returnEmpties(agent, sent), agent, counted: sent + (k % 3) - 1, offset });
    }

    // The cycle changes, in order: A covers today; B starts inside A after its first day, so A ends the
    // day before B and B takes A's lines from B's start on; C is a later cycle; D overlaps A as
    // completed and is refused naming it. All 62 acknowledgements and the changes go off in one
    // Promise.all, a quarter of the acknowledgements starting with each change, so every change has
    // acknowledgements in flight around it (on PostgreSQL truly at once) and returns are billed before A
    // exists (unbilled, then swept into A, then taken over by B), into A, and into B directly.
    const creatingA = createCycle(farm, day(-3), day(5), '0.50');
    const creatingB = creatingA.then(() => createCycle(farm2, day(-1), day(20), '0.70'));
    const creatingC = creatingB.then(() => createCycle(farm, day(21), day(40), '0.80'));
    const creatingD = creatingC.then(() => createCycle(farm2, day(-4), day(-2), '0.10'));
    const starts = [Promise.resolve(), creatingA, creatingB, creatingC];
    const ackedOn = new Map<number, [string, string]>();
    const acknowledging = [
      ...today.map((r, i) => ({ ...r, offset: 0, i })),
      ...backDated.map((r, k) => ({ ...r, i: k })),
    ].map((r) =>
      starts[r.i % 4].then(async () => {
        if (r.offset !== 0) return (await acknowledgeOn(r.offset, r.id, r.counted)).status;
        // The farm's day before and after the request: a run across the farm's midnight bills it on either.
        const before = farmToday(DEFAULT_FARM_TIMEZONE);
        const res = await json(r.i % 2 ? farm : farm2, 'PUT', `/api/transmissions/${r.id}/acknowledge`, {
          actualQuantity: r.counted,
        });
        expect(res.statusCode, res.body).toBe(200);
        ackedOn.set(r.id, [before, farmToday(DEFAULT_FARM_TIMEZONE)]);
        return res.json().status;
      }),
    );
    const [acks, ...changed] = await Promise.all([
      Promise.all(acknowledging),
      creatingA,
      creatingB,
      creatingC,
      creatingD,
    ]);
    const created = { a: changed[0], b: changed[1], c: changed[2], d: changed[3] };

    expect(acks).toEqual(Array(62).fill('acknowledged'));
    expect(created.a.statusCode, created.a.body).toBe(201);
    expect(created.b.statusCode, created.b.body).toBe(201);
    expect(created.c.statusCode, created.c.body).toBe(201);
    expect(created.d.statusCode, created.d.body).toBe(409);
    expect(created.d.json().message).toBe(billingMessages.cycleOverlaps({ startDate: day(-3), endDate: day(-2) }));
    const a = await cycle(created.a.json().id);
    const b = await cycle(created.b.json().id);
    const c = await cycle(created.c.json().id);
    expect(a).toMatchObject({ startDate: day(-3), endDate: day(-2), status: 'completed' });
    expect(b).toMatchObject({ startDate: day(-1), endDate: day(20), status: 'active' });
    running = { id: b.id, crates: b.totalCratesReturned };
    expect(c).toMatchObject({ startDate: day(21), endDate: day(40), status: 'upcoming' });

    // Every return has exactly one line: on its farm day, with its counted crates, in the cycle
    // covering that day (or unbilled: day −5 has none).
    const all = [...today.map((r) => ({ ...r, offset: 0 })), ...backDated];
    const lines = await linesOf(all.map((r) => r.id));
    expect(lines).toHaveLength(all.length);
    const cycleFor = (offset: number) =>
      offset === 0 || offset === -1 ? b.id : offset === -2 ? a.id : offset === -55 ? pastCycleId : null;
    const byId = new Map(lines.map((l) => [l.transmissionId, l]));
    for (const r of all) {
      const [first, last] = ackedOn.get(r.id) ?? [day(r.offset), day(r.offset)];
      const billedOn = byId.get(r.id)?.day ?? '';
      expect(billedOn >= first && billedOn <= last, `return ${r.id} billed on ${billedOn}`).toBe(true);
      expect(byId.get(r.id), `return ${r.id}`).toEqual({
        transmissionId: r.id,
        day: billedOn,
        crates: r.counted,
        cycleId: cycleFor(r.offset),
      });
    }
    const duplicates = await app.db.execute(
      sql`select transmission_id from billing_lines group by transmission_id having count(*) > 1`,
    );
    expect(duplicates.rows).toEqual([]);

    // Sums: billed + unbilled crates = counted crates, and each cycle's amount is its crates × its rate.
    const sum = (rs: { counted: number }[]) => rs.reduce((s, r) => s + r.counted, 0);
    const on = (...offsets: number[]) => all.filter((r) => offsets.includes(r.offset));
    expect(a.totalCratesReturned).toBe(sum(on(-2)));
    expect(b.totalCratesReturned).toBe(sum(on(0, -1)));
    expect(c.totalCratesReturned).toBe(0);
    const past = await cycle(pastCycleId);
    expect(past.totalCratesReturned).toBe(20 + sum(on(-55)));
    expect(past.totalAmount).toBe(centsToDecimal(rateTimesCrates('0.45', 20 + sum(on(-55)))));
    const unbilled = (await json(farm, 'GET', '/api/billing/unbilled')).json();
    expect(unbilled).toMatchObject({ returns: 3, crates: sum(on(-5)), firstDate: day(-5), lastDate: day(-5) });
    expect(a.totalCratesReturned + b.totalCratesReturned + sum(on(-55)) + unbilled.crates).toBe(sum(all));
    expect(a.totalAmount).toBe(centsToDecimal(rateTimesCrates('0.50', sum(on(-2)))));
    expect(b.totalAmount).toBe(centsToDecimal(rateTimesCrates('0.70', sum(on(0, -1)))));

    // Each agent's earnings are its lines: exact to the cent.
    for (const agent of agents) {
      const mine = all.filter((r) => r.agent === agent);
      const expected =
        rateTimesCrates('0.45', sum(mine.filter((r) => r.offset === -55))) +
        rateTimesCrates('0.50', sum(mine.filter((r) => r.offset === -2))) +
        rateTimesCrates('0.70', sum(mine.filter((r) => r.offset === 0 || r.offset === -1)));
      const earlier = rateTimesCrates('0.45', billedFirst[agents.indexOf(agent)] ?? 0);
      const res = await json(agent, 'GET', '/api/market-agents/earnings');
      expect(cents(res.json().totalEarnings)).toBe(expected + earlier);
    }

    expect((await checkLedgerInvariant(app.db)).problems).toEqual([]);
  });
});

describe('five simultaneous identical submits of a cycle that completes the running one', () => {
  it('complete it once: one 201, four 409 naming the new cycle, the running cycle keeps its lines', async () => {
    const results = await Promise.all(
      [farm, farm2, farm, farm2, farm].map((as) => createCycle(as, day(3), day(20), '0.60')),
    );
    expect(statuses(results), results.map((r) => r.body).join('\n')).toEqual([201, 409, 409, 409, 409]);
    for (const res of results.filter((r) => r.statusCode === 409)) {
      expect(res.json().message).toBe(billingMessages.cycleOverlaps({ startDate: day(3), endDate: day(20) }));
    }
    const completed = await cycle(running.id);
    expect(completed).toMatchObject({ startDate: day(-1), endDate: day(2), status: 'active' });
    expect(completed.totalCratesReturned).toBe(running.crates);
    expect(completed.totalAmount).toBe(centsToDecimal(rateTimesCrates('0.70', running.crates)));
    expect(await cycle(results.find((r) => r.statusCode === 201)!.json().id)).toMatchObject({
      startDate: day(3),
      endDate: day(20),
      status: 'upcoming',
      totalCratesReturned: 0,
    });
    expect((await checkLedgerInvariant(app.db)).problems).toEqual([]);
  });
});
