// Property (decision 064): on any random ledger of an agent and its clients over several months, a
// month's statement figures add up (opening + in − out = closing), the closing is the agent's crates
// at the month's end as a plain replay of the movements says, and the next month opens where it closed.
// Each run's movements are booked in one transaction that is rolled back: random kinds between random
// holders keep the ledger's own rules but not the invariant's (a lend without a loan), and the file's
// ledger must still add up at its end.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { json, registerAgent } from '../../../../tests/support/transmissions.ts';
import { closingOf } from '../../../shared/balance-statements.ts';
import { agentMonthFigures } from '../crates/balances.ts';
import { balancesOf, holders, type MovementKind, moveCrates } from '../crates/ledger.ts';

const app = await buildTestApp();
const months = ['2024-01', '2024-02', '2024-03', '2024-04'];
/** The month windows in the farm's time zone (Johannesburg: UTC+2, no summer time). */
const windowOf = (i: number) => ({
  from: new Date(`${months[i]}-01T00:00:00+02:00`),
  to: new Date(i + 1 < months.length ? `${months[i + 1]}-01T00:00:00+02:00` : '2024-05-01T00:00:00+02:00'),
});

/** One random movement: its kind, between which of the agent's holders and the outside, when. */
const move = fc.record({
  kind: fc.constantFrom<MovementKind>(
    'receipt',
    'opening_balance',
    'dispatch',
    'recall',
    'count_difference',
    'resolution',
    'lend',
    'client_return',
    'stock_take',
    'damage',
    'statement',
  ),
  /** 0: full, 1: empty, 2 and 3: the clients, 4: the outside (the write-off account). */
  from: fc.nat(4),
  to: fc.nat(4),
  quantity: fc.integer({ min: 1, max: 40 }),
  month: fc.nat(months.length - 1),
  /** Minutes into the month, a few at its very edges. */
  minute: fc.oneof(fc.constantFrom(0, 1, 28 * 24 * 60 - 1), fc.nat(27 * 24 * 60)),
});

it('figures add up on random ledgers and the closing is the replayed balance', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(move, { minLength: 1, maxLength: 25 }), async (moves) => {
      const agent = await registerAgent(app);
      const clientIds: number[] = [];
      for (const name of ['One', 'Two']) {
        const c = await json(agent, 'POST', '/api/clients', {
          businessName: name,
          clientName: 'C',
          contactNumber: '082 123 4567',
        });
        clientIds.push(c.json().id);
      }
      const named = [
        holders.agentFull(agent.marketAgentId),
        holders.agentEmpty(agent.marketAgentId),
        holders.client(clientIds[0]),
        holders.client(clientIds[1]),
        holders.writeoff,
      ];
      const mine = new Set(named.slice(0, 4));
      const rollback = new Error('rolled back');
      await app.db
        .transaction(async (tx) => {
          // Booked in time order, each only if its giver holds enough: the ledger refuses the rest.
          const booked: { from: string; to: string; quantity: number; at: Date }[] = [];
          const sorted = moves
            .map((mv) => ({ ...mv, at: new Date(windowOf(mv.month).from.getTime() + mv.minute * 60_000) }))
            .sort((a, b) => a.at.getTime() - b.at.getTime());
          for (const mv of sorted) {
            const [from, to] = [named[mv.from], named[mv.to === mv.from ? (mv.to + 1) % 5 : mv.to]];
            const held = (await balancesOf(tx, [from]))[from];
            if (from !== holders.writeoff && held < mv.quantity) continue;
            await moveCrates(tx, { from, to, quantity: mv.quantity, kind: mv.kind, occurredAt: mv.at });
            booked.push({ from, to, quantity: mv.quantity, at: mv.at });
          }
          const replay = (before: Date) =>
            booked
              .filter((b) => b.at < before)
              .reduce((sum, b) => sum + (mine.has(b.to) ? b.quantity : 0) - (mine.has(b.from) ? b.quantity : 0), 0);
          let previousClosing = 0;
          for (let i = 0; i < months.length; i++) {
            const f = (await agentMonthFigures(tx, windowOf(i), [agent.marketAgentId])).get(agent.marketAgentId)!;
            expect(closingOf(f)).toBe(f.closing);
            expect(f.opening).toBe(previousClosing);
            expect(f.closing).toBe(replay(windowOf(i).to));
            previousClosing = f.closing;
          }
          throw rollback;
        })
        .catch((err: unknown) => {
          if (err !== rollback) throw err;
        });
    }),
    { numRuns: 12 },
  );
});
