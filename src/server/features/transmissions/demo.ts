// DEMO=1: crates for the demo farm — opening stock, agents in both markets, twelve weeks of
// shipments and returns (backdated so the dashboard chart has data), pending ones and a flagged count.
import type { Db } from '../../db/client.ts';
import { DEFAULT_FARM_TIMEZONE, farmToday } from '../../lib/farm-date.ts';
import * as agents from '../agents/service.ts';
import { registerAccount } from '../auth/service.ts';
import * as billing from '../billing/service.ts';
import { adjustStock, enterOpeningBalance } from '../crates/service.ts';
import { acknowledgeTransmission, createTransmission } from './service.ts';

const DAY = 24 * 60 * 60 * 1000;

export const demoExtraAgents = [
  {
    name: 'Lerato Mokoena',
    email: 'agent.pretoria@demo.cratekeeper',
    market: 'Pretoria Market',
    business: 'Mokoena Agri Traders',
    phone: '072 555 0303',
  },
  {
    name: 'Johan Botha',
    email: 'agent.botha@demo.cratekeeper',
    market: 'Johannesburg Market',
    business: 'Botha & Seuns',
    phone: '071 555 0404',
  },
  {
    name: 'Naledi Khumalo',
    email: 'agent.khumalo@demo.cratekeeper',
    market: 'Pretoria Market',
    business: 'Mokoena Agri Traders',
    phone: '073 555 0505',
  },
] as const;

export async function seedDemoCrates(
  db: Db,
  {
    farmUserId,
    agentUserId,
    password,
    now = new Date(),
  }: { farmUserId: number; agentUserId: number; password: string; now?: Date },
) {
  const farm = { id: farmUserId, role: 'farm_store' as const };
  const agentUsers = [agentUserId];
  for (const a of demoExtraAgents) {
    const user = await registerAccount(
      db,
      {
        name: a.name,
        email: a.email,
        password,
        role: 'market_agent',
        marketLocation: a.market,
        businessName: a.business,
        contactNumber: a.phone,
        produceTypes: '',
      },
      undefined,
    );
    agentUsers.push(user.id);
  }
  const demoAgents = [];
  for (const userId of agentUsers) demoAgents.push((await agents.findAgentByUserId(db, userId))!);

  await adjustStock(db, farm, { quantity: 5000, reason: 'Opening stock (demo farm)' });
  await adjustStock(db, farm, { quantity: -40, reason: 'Cracked crates found at stock-take' });
  // Empties on paper when the farm started using the app: what the agents return from.
  for (const [i, agent] of demoAgents.entries()) {
    await enterOpeningBalance(db, farm, {
      marketAgentId: agent.id,
      fullCrates: 20 + 10 * i,
      emptyCrates: 300 - 20 * i,
    });
  }

  // Billing (decision 019): two agents have bank details; a cycle from week 11 to 5 (completed) and
  // one from week 4 on (active), so both billing tabs and the agents' earnings have figures.
  for (const [i, agent] of demoAgents.slice(0, 2).entries()) {
    await billing.saveBankDetails(db, agent.userId, {
      bankName: i === 0 ? 'First National Bank' : 'Capitec',
      accountNumber: i === 0 ? '62012345678' : '1402345678',
      branchCode: i === 0 ? '250655' : '470010',
      accountHolderName: agent.businessName ?? agent.agentName,
      accountType: i === 0 ? 'current' : 'savings',
    });
  }
  const day = (weeksAgo: number, plusDays = 0) =>
    new Date(now.getTime() - weeksAgo * 7 * DAY + plusDays * DAY).toISOString().slice(0, 10);
  const demoCycles: Record<number, { startDate: string; endDate: string; ratePerCrate: string }> = {
    11: { startDate: day(11, -1), endDate: day(5, 5), ratePerCrate: '0.35' },
    4: { startDate: day(4, -1), endDate: day(0, 13), ratePerCrate: '0.40' },
  };

  const today = farmToday(DEFAULT_FARM_TIMEZONE, now);
  const cycleIds: number[] = [];
  // Weeks 11 … 1 ago: a shipment to each agent early in the week, a return of empties later on.
  for (let week = 11; week >= 1; week--) {
    if (demoCycles[week]) cycleIds.push((await billing.createCycle(db, demoCycles[week], { today })).id);
    for (const [i, agent] of demoAgents.entries()) {
      // Dated as they happened: the ledger is append-only, so history is written in the past, never moved there.
      const sentAt = new Date(now.getTime() - week * 7 * DAY + i * 3_600_000);
      const quantity = 40 + ((week * 7 + i * 11) % 35);
      const sent = await createTransmission(
        db,
        farm,
        {
          type: 'farm_to_market',
          marketAgentId: agent.id,
          quantity,
          notes: week % 3 === 0 ? 'Sweet Bell Peppers' : null,
        },
        { at: sentAt },
      );
      // The one flagged difference: two crates short on a delivery three weeks ago.
      const counted = week === 3 && i === 0 ? quantity - 2 : quantity;
      await acknowledgeTransmission(db, { id: agent.userId, role: 'market_agent' }, sent.id, counted, {
        at: new Date(sentAt.getTime() + 6 * 3_600_000),
      });

      const returnedAt = new Date(sentAt.getTime() + 3 * DAY);
      const back = await createTransmission(
        db,
        { id: agent.userId, role: 'market_agent' },
        {
          type: 'market_to_farm',
          quantity: 12 + ((week * 5 + i * 7) % 14),
          notes: null,
        },
        { at: returnedAt },
      );
      await acknowledgeTransmission(db, farm, back.id, null, { at: new Date(returnedAt.getTime() + 4 * 3_600_000) });
    }
  }

  // The first cycle is paid by EFT to the agents with bank details; the others are still owed it.
  await billing.recordPayment(
    db,
    cycleIds[0],
    { paidOn: day(4, 1), reference: 'FNB EFT 0001' },
    {
      today,
      recordedBy: farm.id,
    },
  );

  // Waiting for action now: a delivery for the main agent and a return for the farm store.
  await createTransmission(db, farm, {
    type: 'farm_to_market',
    marketAgentId: demoAgents[0].id,
    quantity: 50,
    notes: 'Friday load',
  });
  await createTransmission(
    db,
    { id: demoAgents[1].userId, role: 'market_agent' },
    {
      type: 'market_to_farm',
      quantity: 20,
      notes: 'Empties for collection',
    },
  );
}
