// The database keeps the ledger's invariant on its own (docs/decisions/012): whatever code writes
// to it directly, a negative balance, an empty or circular movement, an unknown kind or holder, and
// any UPDATE, DELETE or TRUNCATE of crate_movements are refused.
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerAs } from '../../../../tests/support/accounts.ts';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { send } from '../../../../tests/support/transmissions.ts';
import { checkLedgerInvariant } from '../invariant/service.ts';
import { holders } from './ledger.ts';

const { app, farm, agents } = await testFarm({ stock: 100, agents: [{}] });
const [agent] = agents;
const sent = await send(farm, agent, 10);
await registerAs(app, 'supplier');

/** Runs one statement in its own transaction and returns the SQLSTATE it failed with. */
async function refusal(statement: SQL): Promise<string> {
  const err = await app.db
    .transaction((tx) => tx.execute(statement))
    .then(
      () => null,
      (e: { code?: string; cause?: { code?: string } }) => e,
    );
  expect(err, 'the statement should have been refused').not.toBeNull();
  return err?.code ?? err?.cause?.code ?? '';
}

const movementCount = async () =>
  Number((await app.db.execute<{ n: number }>(sql`select count(*)::int as n from crate_movements`)).rows[0].n);

describe('crate_movements is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, and nothing changes', async () => {
    const before = await movementCount();
    const [first] = (
      await app.db.execute<{ id: number; quantity: number }>(
        sql`select id, quantity from crate_movements order by id limit 1`,
      )
    ).rows;
    expect(await refusal(sql`update crate_movements set quantity = quantity + 1 where id = ${first.id}`)).toBe('23001');
    expect(await refusal(sql`update crate_movements set occurred_at = now() - interval '1 day'`)).toBe('23001');
    expect(await refusal(sql`delete from crate_movements where id = ${first.id}`)).toBe('23001');
    expect(await refusal(sql`delete from crate_movements`)).toBe('23001');
    expect(await refusal(sql`truncate crate_movements cascade`)).toBe('23001');
    expect(await movementCount()).toBe(before);
    const [again] = (
      await app.db.execute<{ quantity: number }>(sql`select quantity from crate_movements where id = ${first.id}`)
    ).rows;
    expect(Number(again.quantity)).toBe(Number(first.quantity));
  });
});

describe('CHECK constraints and foreign keys', () => {
  const move = (from: string, to: string, quantity: number, kind = 'dispatch') =>
    sql`insert into crate_movements (from_holder, to_holder, quantity, kind) values (${from}, ${to}, ${quantity}, ${kind})`;

  it('refuses a movement of zero or fewer crates, between one holder and itself, or of an unknown kind', async () => {
    const before = await movementCount();
    expect(await refusal(move(holders.farm, holders.transit, 0))).toBe('23514');
    expect(await refusal(move(holders.farm, holders.transit, -4))).toBe('23514');
    expect(await refusal(move(holders.farm, holders.farm, 1))).toBe('23514');
    expect(await refusal(move(holders.farm, holders.transit, 1, 'gift'))).toBe('23514');
    expect(await movementCount()).toBe(before);
  });

  it('refuses a movement naming a holder without a balance row, or a transmission or user that does not exist', async () => {
    expect(await refusal(move(holders.farm, holders.supplier(987654), 1))).toBe('23503');
    expect(
      await refusal(
        sql`insert into crate_movements (from_holder, to_holder, quantity, kind, transmission_id)
            values (${holders.farm}, ${holders.transit}, 1, 'dispatch', 987654)`,
      ),
    ).toBe('23503');
    expect(
      await refusal(
        sql`insert into crate_movements (from_holder, to_holder, quantity, kind, created_by)
            values (${holders.farm}, ${holders.transit}, 1, 'dispatch', 987654)`,
      ),
    ).toBe('23503');
  });

  it('refuses a negative balance except for external and write-off, a malformed holder, and one naming nobody', async () => {
    expect(await refusal(sql`update crate_balances set balance = -1 where holder = ${holders.farm}`)).toBe('23514');
    expect(await refusal(sql`update crate_balances set balance = -1 where holder = ${holders.transit}`)).toBe('23514');
    expect(await refusal(sql`insert into crate_balances (holder, balance) values ('agent:0:full', 0)`)).toBe('23514');
    expect(await refusal(sql`insert into crate_balances (holder, balance) values ('warehouse', 0)`)).toBe('23514');
    expect(
      await refusal(sql`insert into crate_balances (holder, balance) values (${holders.agentEmpty(987654)}, 0)`),
    ).toBe('23503');
    expect(
      await refusal(sql`insert into crate_balances (holder, balance) values (${holders.supplier(987654)}, 0)`),
    ).toBe('23503');
  });

  it('refuses unknown enum values and a delivery without an agent or recipient', async () => {
    expect(await refusal(sql`update transmissions set status = 'lost' where id = ${sent.id}`)).toBe('23514');
    expect(await refusal(sql`update transmissions set type = 'gift' where id = ${sent.id}`)).toBe('23514');
    expect(await refusal(sql`update transmissions set quantity = 0 where id = ${sent.id}`)).toBe('23514');
    expect(await refusal(sql`update transmissions set to_user_id = null where id = ${sent.id}`)).toBe('23514');
    expect(await refusal(sql`update transmissions set market_agent_id = null where id = ${sent.id}`)).toBe('23514');
    expect(await refusal(sql`update users set role = 'admin' where id = ${farm.user.id}`)).toBe('23514');
    expect(await refusal(sql`update suppliers set status = 'maybe'`)).toBe('23514');
    expect(await refusal(sql`update pepper_pricing set availability = 'Sometimes'`)).toBe('23514');
  });

  it('leaves the ledger as it was', async () => {
    expect(await checkLedgerInvariant(app.db)).toEqual({ ok: true, problems: [] });
  });
});
