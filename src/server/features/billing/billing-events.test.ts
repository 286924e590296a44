// A change that concerns every agent is one role audience, so its event stays far
// under pg_notify's 8 000-byte payload however many agents the farm has (750 used to answer 500).
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { json } from '../../../../tests/support/transmissions.ts';
import { changeEvents } from '../../db/schema/index.ts';

const { app, farm } = await testFarm();

it('creates a billing cycle for a farm with 1 000 agents; the change event is a few bytes', async () => {
  // 1 000 agents straight into the tables: registering them through the API would hash 1 000 passwords.
  await app.db.execute(sql`
    with u as (
      insert into users (name, email, password_hash, role)
      select 'Agent ' || g, 'bulk-agent-' || g || '@test.farm', 'x', 'market_agent' from generate_series(1, 1000) g
      returning id
    )
    insert into market_agents (user_id, agent_number, market_name, market_location, location, contact_number)
    select id, 'BULK-' || id, 'Johannesburg Market', 'Johannesburg Market', 'Johannesburg', '0821234567' from u`);
  const res = await json(farm, 'POST', '/api/billing/create-cycle', {
    startDate: '2000-01-01',
    endDate: '2100-12-31',
    ratePerCrate: '0.70',
  });
  expect(res.statusCode).toBe(201);
  const [event] = await app.db.select().from(changeEvents).orderBy(sql`${changeEvents.id} desc`).limit(1);
  expect(event.audience).toEqual(['farm_store', 'market_agent']);
  expect(JSON.stringify(event).length).toBeLessThan(200);
});
