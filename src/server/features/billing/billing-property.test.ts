// Property (DESIGN §5): any sequence of returns, acknowledgements (on various days, counted
// under, over or exactly), resolutions of flagged counts, cycle creations (most of them clashing) and
// payments never produces a 500, answers every request as the billing rules say, and keeps the crate and
// billing invariants: every acknowledged return is one line, in the cycle covering its day or unbilled,
// and every amount is crates × rate to the cent. A small model (returns, cycles, payments) written from
// the rules predicts each answer and where each line belongs; it never reads the code under test.
//
// The database lives for the whole file, and so do the model's returns: each run adds to those of the
// runs before. Each run starts on an empty calendar (newCalendar), or the cycles of earlier runs would
// soon fill the days around today. Dates are offsets from the farm's today. Every step runs after the
// one before (nothing depends on timing); fast-check picks a new seed each time the file runs, as the
// other property tests do, and prints it with the failing sequence to replay it.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import {
  type AgentAccount,
  enterOpeningBalance,
  json,
  registerAgent,
} from '../../../../tests/support/transmissions.ts';
import { billingMessages } from '../../../shared/billing.ts';
import { centsToDecimal, decimalToCents, rateTimesCrates } from '../../../shared/money.ts';
import { maxCountFor } from '../../../shared/transmissions.ts';
import { audiences, recordChange } from '../../lib/changes.ts';
import { addDays, DEFAULT_FARM_TIMEZONE, daysBetween, farmToday } from '../../lib/farm-date.ts';
import { HttpError } from '../../lib/http-error.ts';
import { checkLedgerInvariant } from '../invariant/service.ts';
import { acknowledgeTransmission } from '../transmissions/service.ts';

const { app, farm } = await testFarm({ stock: 1_000 });
const agents: AgentAccount[] = [];
for (let i = 0; i < 3; i++) {
  const agent = await registerAgent(app);
  await enterOpeningBalance(farm, agent, { emptyCrates: 5_000 });
  agents.push(agent);
}
/** Agents 0 and 1 can be paid by the payout; agent 2 has no bank details (paid only one by one). */
const withBankDetails = new Set([0, 1]);
for (const i of withBankDetails) {
  const res = await json(agents[i], 'PUT', '/api/market-agents/me/bank-details', {
    bankName: 'FNB',
    accountNumber: `62000000${i}`,
    branchCode: '250655',
    accountHolderName: `Agent ${i}`,
    accountType: 'current',
  });
  if (res.statusCode !== 200) throw new Error(`bank details: ${res.statusCode} ${res.body}`);
}

const T = farmToday(DEFAULT_FARM_TIMEZONE);
const day = (offset: number) => addDays(T, offset);
/** A date's offset in days from the farm's today. */
const offsetOf = (d: string) => daysBetween(T, d);
/** Noon on that farm day (Africa/Johannesburg is UTC+2 all year). */
const noonOn = (offset: number) => new Date(`${day(offset)}T12:00:00+02:00`);

// ---- The model ----

type Return = {
  id: number;
  agent: number;
  sent: number;
  /** A farm collection of the agent's empties, which the agent confirms (else the agent's own return). */
  collection: boolean;
  /** Set once acknowledged: the farm day, the count, and the crates billed for it (count ± correction). */
  day?: string;
  counted?: number;
  crates?: number;
  resolved?: boolean;
};
type ModelCycle = { id: number; startDate: string; endDate: string; rate: string };

const pending: Return[] = [];
const acknowledged: Return[] = [];
const cycles: ModelCycle[] = [];
/** `${cycleId}:${agent}` of every recorded payment. */
const paid = new Set<string>();

const covers = (c: { startDate: string; endDate: string }, d: string) => c.startDate <= d && d <= c.endDate;
const cycleOf = (d: string) => cycles.find((c) => covers(c, d)) ?? null;
const linesIn = (c: ModelCycle, agent?: number) =>
  acknowledged.filter((r) => covers(c, r.day!) && (agent === undefined || r.agent === agent));
const cratesOf = (rs: Return[]) => rs.reduce((sum, r) => sum + r.crates!, 0);
/** Money owed to an agent in a cycle, in cents (its lines × the cycle's rate). */
const billedCents = (c: ModelCycle, agent: number) => rateTimesCrates(c.rate, cratesOf(linesIn(c, agent)));
const cents = (amount: string) => {
  const c = decimalToCents(amount);
  if (c === null) throw new Error(`not an amount: ${amount}`);
  return c;
};

// ---- The operations ----

const op = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('return' as const),
      agent: fc.nat(2),
      quantity: fc.integer({ min: 0, max: 40 }),
      // Sometimes the farm collects the empties instead (the agent then confirms the count).
      collection: fc.nat(3).map((n) => n === 0),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('acknowledge' as const),
      pick: fc.nat(),
      // null: the sent quantity; +6 is past the bound of docs/decisions/013 for up to 50 crates (400).
      shift: fc.option(fc.integer({ min: -12, max: 6 }), { freq: 2 }),
      // null: today, through the API; else that many days ago, through the service (as demo data does).
      daysAgo: fc.option(fc.integer({ min: 1, max: 120 }), { freq: 2 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('resolve' as const),
      pick: fc.nat(),
      mode: fc.constantFrom('accept' as const, 'correct' as const, 'wild' as const),
      n: fc.integer({ min: 0, max: 12 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('cycle' as const),
      // anywhere: start and length as drawn; inRunning: starting after the running cycle's first day
      // (it completes that cycle, or clashes with the next one); inRunningBeforeToday: the same, but
      // starting and ending before today (the running cycle's later lines then belong to no cycle);
      // aroundToday: a cycle containing today.
      where: fc.constantFrom(
        'anywhere' as const,
        'inRunning' as const,
        'inRunningBeforeToday' as const,
        'aroundToday' as const,
      ),
      start: fc.integer({ min: -120, max: 40 }),
      length: fc.integer({ min: 0, max: 25 }),
      rate: fc.constantFrom('0.35', '0.70', '1.05', '0.01', '2.50', '12.34'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      pick: fc.nat(),
      agent: fc.option(fc.nat(2), { freq: 2 }),
    }),
  },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const NO_SUCH_ID = 2_000_000_000;
/** What the runs did, to check at the end that they did real work and not only refusals. */
const seen = {
  backDated: 0,
  corrected: 0,
  correctionRefused: 0,
  cycles: 0,
  clashes: 0,
  completed: 0,
  completedBeforeToday: 0,
  payments: 0,
};
const farmCaller = { id: farm.user.id, role: 'farm_store' as const };

type Outcome = { status: number; body: string; message?: string };
const fromResponse = (res: LightMyRequestResponse): Outcome => ({
  status: res.statusCode,
  body: res.body,
  message: res.statusCode >= 400 ? res.json().message : undefined,
});

/** Runs one operation and returns its outcome with the model's expectation, updating the model. */
async function run(o: Op): Promise<{ outcome: Outcome; expected: number; message?: string }> {
  switch (o.kind) {
    case 'return': {
      const res = o.collection
        ? await json(farm, 'POST', '/api/transmissions', {
            type: 'market_to_farm',
            marketAgentId: agents[o.agent].marketAgentId,
            quantity: o.quantity,
          })
        : await json(agents[o.agent], 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: o.quantity });
      if (res.statusCode === 201) {
        pending.push({ id: res.json().id, agent: o.agent, sent: o.quantity, collection: o.collection });
      }
      return { outcome: fromResponse(res), expected: o.quantity === 0 ? 400 : 201 };
    }

    case 'acknowledge': {
      if (pending.length === 0) {
        const res = await json(farm, 'PUT', `/api/transmissions/${NO_SUCH_ID}/acknowledge`);
        return { outcome: fromResponse(res), expected: 404 };
      }
      const r = pending[o.pick % pending.length];
      const actual = o.shift === null ? r.sent : Math.max(0, r.sent + o.shift);
      const expected = actual > maxCountFor(r.sent) ? 400 : 200;
      // A back-dated acknowledgement lands on a day before any payment was recorded; a day in a cycle
      // already paid would be a history that cannot happen (payments come after a cycle ends), so such a
      // return is acknowledged today instead.
      const backTo = o.daysAgo === null ? null : day(-o.daysAgo);
      const inPaidCycle = backTo !== null && [...paid].some((p) => p.startsWith(`${cycleOf(backTo)?.id}:`));
      const on = backTo === null || inPaidCycle ? T : backTo;
      let outcome: Outcome;
      if (on === T) {
        const res = await json(
          r.collection ? agents[r.agent] : farm,
          'PUT',
          `/api/transmissions/${r.id}/acknowledge`,
          o.shift === null ? undefined : { actualQuantity: actual },
        );
        outcome = fromResponse(res);
      } else {
        try {
          const caller = r.collection ? { id: agents[r.agent].user.id, role: 'market_agent' as const } : farmCaller;
          const t = await acknowledgeTransmission(app.db, caller, r.id, o.shift === null ? null : actual, {
            at: noonOn(-o.daysAgo!),
          });
          seen.backDated++;
          outcome = { status: 200, body: JSON.stringify(t) };
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          outcome = { status: err.statusCode, body: err.message, message: err.message };
        }
      }
      if (outcome.status === 200) {
        pending.splice(pending.indexOf(r), 1);
        acknowledged.push({
          ...r,
          day: on,
          counted: actual,
          crates: actual,
          resolved: false,
        });
      }
      return { outcome, expected };
    }

    case 'resolve': {
      const flagged = (r: Return) => r.counted !== r.sent;
      const open = acknowledged.filter((r) => flagged(r) && !r.resolved);
      const pool = open.length > 0 && o.pick % 4 !== 0 ? open : acknowledged;
      if (pool.length === 0) {
        const res = await json(farm, 'PUT', `/api/transmissions/${NO_SUCH_ID}/resolve`, { note: 'n/a' });
        return { outcome: fromResponse(res), expected: 404 };
      }
      const r = pool[o.pick % pool.length];
      const difference = r.counted! - r.sent;
      const shortfall = Math.max(0, -difference);
      const over = Math.max(0, difference);
      let found = 0;
      let reverse = 0;
      if (o.mode === 'correct') {
        if (shortfall > 0) found = 1 + (o.n % shortfall);
        if (over > 0) reverse = 1 + (o.n % over);
      } else if (o.mode === 'wild') {
        if (o.pick % 2) found = o.n;
        else reverse = o.n;
      }
      const body = {
        note: 'Counted again',
        ...(found ? { foundQuantity: found } : {}),
        ...(reverse ? { reverseQuantity: reverse } : {}),
      };
      const res = await json(farm, 'PUT', `/api/transmissions/${r.id}/resolve`, body);
      const cycle = cycleOf(r.day!);
      const expected =
        !flagged(r) || r.resolved
          ? 409
          : (found > 0 && shortfall === 0) || found > shortfall || (reverse > 0 && over === 0) || reverse > over
            ? 400
            : (found > 0 || reverse > 0) && cycle && paid.has(`${cycle.id}:${r.agent}`)
              ? 409
              : 200;
      if (res.statusCode === 200) {
        r.resolved = true;
        r.crates = r.crates! + found - reverse;
        if (found || reverse) seen.corrected++;
      } else if (expected === 409 && flagged(r) && !r.resolved) {
        seen.correctionRefused++;
      }
      return { outcome: fromResponse(res), expected };
    }

    case 'cycle': {
      let start = o.start;
      let end = o.start + o.length;
      const current = cycleOf(T);
      if (o.where === 'inRunning' && current && current.startDate < current.endDate) {
        const span = offsetOf(current.endDate) - offsetOf(current.startDate);
        start = offsetOf(current.startDate) + 1 + (Math.abs(o.start) % span);
        end = start + o.length;
      } else if (o.where === 'inRunningBeforeToday' && current && offsetOf(current.startDate) < -1) {
        const span = -1 - offsetOf(current.startDate); // days after its first and before today
        start = offsetOf(current.startDate) + 1 + (Math.abs(o.start) % span);
        end = start + (o.length % -start); // at most yesterday
      } else if (o.where === 'aroundToday') {
        start = -(o.length % 15);
        end = Math.abs(o.start) % 15;
      }
      const startDate = day(start);
      const endDate = day(end);
      const res = await json(farm, 'POST', '/api/billing/create-cycle', { startDate, endDate, ratePerCrate: o.rate });
      const next = { startDate, endDate };
      const clashing = cycles
        .filter((c) => c.startDate <= endDate && startDate <= c.endDate)
        .sort((a, b) => a.startDate.localeCompare(b.startDate));
      const running = clashing[0];
      const completes =
        clashing.length === 1 && covers(running, T) && running.startDate < startDate && startDate <= running.endDate;
      if (clashing.length > 0 && !completes) {
        seen.clashes++;
        return {
          outcome: fromResponse(res),
          expected: 409,
          message: billingMessages.cycleOverlaps(running),
        };
      }
      if (res.statusCode === 201) {
        if (completes) {
          running.endDate = day(start - 1);
          seen.completed++;
          if (endDate < T) seen.completedBeforeToday++;
        }
        cycles.push({ id: res.json().id, ...next, rate: o.rate });
        seen.cycles++;
      }
      return { outcome: fromResponse(res), expected: 201 };
    }

    case 'pay': {
      if (cycles.length === 0) {
        const res = await json(farm, 'POST', `/api/billing/cycles/${NO_SUCH_ID}/payments`, {
          paidOn: T,
          reference: 'EFT 1',
        });
        return { outcome: fromResponse(res), expected: 404 };
      }
      const c = cycles[o.pick % cycles.length];
      const res = await json(farm, 'POST', `/api/billing/cycles/${c.id}/payments`, {
        paidOn: T,
        reference: `EFT ${c.id}`,
        ...(o.agent === null ? {} : { marketAgentId: agents[o.agent].marketAgentId }),
      });
      const owed = [0, 1, 2].filter((a) => !paid.has(`${c.id}:${a}`) && billedCents(c, a) > 0);
      const payees = o.agent === null ? owed.filter((a) => withBankDetails.has(a)) : owed.filter((a) => a === o.agent);
      const expected = c.endDate >= T || payees.length === 0 ? 409 : 201;
      if (res.statusCode === 201) {
        for (const a of payees) paid.add(`${c.id}:${a}`);
        seen.payments += payees.length;
        const payments = res.json().payments as { marketAgentId: number; amount: string }[];
        expect(payments.map((p) => p.marketAgentId).sort()).toEqual(payees.map((a) => agents[a].marketAgentId).sort());
        for (const p of payments) {
          const a = agents.findIndex((x) => x.marketAgentId === p.marketAgentId);
          expect(p.amount).toBe(centsToDecimal(billedCents(c, a)));
        }
      }
      return { outcome: fromResponse(res), expected };
    }
  }
}

/**
 * Each run starts on an empty calendar: no cycles, no payments, every line of earlier runs unbilled (as
 * on a farm whose returns were counted before billing started). Otherwise the cycles of earlier runs
 * fill the days around today and every later cycle clashes. The returns and their lines stay.
 */
async function newCalendar() {
  // Behind the services' back, so it says itself what changed, as any script writing to the database
  // must: the read cache (decision 032) would otherwise go on serving the old calendar's answers.
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`delete from billing_payments`);
    await tx.execute(sql`update billing_lines set cycle_id = null, amount = null`);
    await tx.execute(sql`delete from billing_cycles`);
    await recordChange(tx, {
      tags: ['billing'],
      audience: [audiences.farmStore, audiences.marketAgents],
      audit: false,
    });
  });
  cycles.length = 0;
  paid.clear();
  expect((await checkLedgerInvariant(app.db)).problems).toEqual([]);
}

async function checkTotals() {
  // Every cycle: the model's dates and crates, and amount = crates × rate to the cent.
  let billedTotal = 0;
  for (const c of cycles) {
    const res = await json(farm, 'GET', `/api/billing/cycles/${c.id}`);
    expect(res.statusCode).toBe(200);
    const got = res.json() as {
      startDate: string;
      endDate: string;
      ratePerCrate: string;
      totalCratesReturned: number;
      totalAmount: string;
    };
    expect(got).toMatchObject({ startDate: c.startDate, endDate: c.endDate, ratePerCrate: c.rate });
    expect(got.totalCratesReturned, `cycle ${c.id}`).toBe(cratesOf(linesIn(c)));
    expect(got.totalAmount).toBe(centsToDecimal(rateTimesCrates(got.ratePerCrate, got.totalCratesReturned)));
    billedTotal += cents(got.totalAmount);
  }
  // What no cycle covers waits as unbilled; billed + unbilled = every counted crate.
  const unbilledLines = acknowledged.filter((r) => cycleOf(r.day!) === null);
  const unbilled = (await json(farm, 'GET', '/api/billing/unbilled')).json();
  expect(unbilled).toMatchObject({ returns: unbilledLines.length, crates: cratesOf(unbilledLines) });
  // Agents' earnings are their lines: per agent as the model says, and together the cycles' total.
  let earned = 0;
  for (const [a, agent] of agents.entries()) {
    const res = await json(agent, 'GET', '/api/market-agents/earnings');
    expect(res.statusCode).toBe(200);
    const mine = cycles.reduce((sum, c) => sum + billedCents(c, a), 0);
    const paidCents = cycles.reduce((sum, c) => sum + (paid.has(`${c.id}:${a}`) ? billedCents(c, a) : 0), 0);
    expect(res.json()).toEqual({
      totalEarnings: centsToDecimal(mine),
      totalPaid: centsToDecimal(paidCents),
      totalOwed: centsToDecimal(mine - paidCents),
    });
    earned += cents(res.json().totalEarnings);
  }
  expect(earned).toBe(billedTotal);
}

/** Sequences run before the random ones (fast-check's examples), so these cases are always covered. */
const examples: Op[][] = [
  // A cycle [−2, 0] bills today's return; a cycle [−1, −1] starts inside it after its first day and
  // completes it ([−2, −2]) but ends before today: today's return then belongs to no cycle (unbilled).
  [
    { kind: 'return', agent: 0, quantity: 5, collection: false },
    { kind: 'acknowledge', pick: 0, shift: null, daysAgo: null },
    { kind: 'cycle', where: 'aroundToday', start: 0, length: 2, rate: '0.35' },
    { kind: 'cycle', where: 'inRunningBeforeToday', start: 0, length: 0, rate: '0.70' },
  ],
  // A farm collection the agent confirmed short 10 days ago is billed by a past cycle, which is paid;
  // then correcting its count is refused (409) and changes neither the ledger nor the bill.
  [
    { kind: 'return', agent: 0, quantity: 10, collection: true },
    { kind: 'acknowledge', pick: 0, shift: -3, daysAgo: 10 },
    { kind: 'cycle', where: 'anywhere', start: -15, length: 10, rate: '1.05' },
    { kind: 'cycle', where: 'anywhere', start: -20, length: 5, rate: '0.70' }, // 409: its last day is in it
    { kind: 'pay', pick: 0, agent: null },
    { kind: 'resolve', pick: 1, mode: 'correct', n: 0 },
  ],
];

it('random sequences of returns, counts, corrections, cycles and payments keep billing exact', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
      await newCalendar();
      for (const o of ops) {
        const { outcome, expected, message } = await run(o);
        expect(outcome.status, `${JSON.stringify(o)} → ${outcome.status} ${outcome.body}`).toBe(expected);
        if (message !== undefined) expect(outcome.message).toBe(message);
        expect((await checkLedgerInvariant(app.db)).problems, JSON.stringify(o)).toEqual([]);
      }
      await checkTotals();
    }),
    { numRuns: 25, examples: examples.map((ops) => [ops]) },
  );
  // The runs did real work, not only refusals (the examples alone guarantee the last five).
  expect(acknowledged.length).toBeGreaterThan(10);
  expect(seen.cycles).toBeGreaterThan(5);
  expect(seen.clashes).toBeGreaterThan(0);
  expect(seen.backDated).toBeGreaterThan(0);
  expect(seen.completedBeforeToday).toBeGreaterThan(0);
  expect(seen.payments).toBeGreaterThan(0);
  expect(seen.correctionRefused).toBeGreaterThan(0);
}, 120_000);
