// DEMO=1: crates for the demo farm — opening stock, agents in both markets, fourteen weeks of
// shipments and returns (backdated so the dashboard's charts and the forecast, which needs twelve
// complete weeks, have data: decision 070), damaged crates in some returns, pending ones and a flagged
// count.
import type { Db } from '../../db/client.ts';
import { DEFAULT_FARM_TIMEZONE, farmToday } from '../../lib/farm-date.ts';
import type { Caller } from '../../lib/ownership.ts';
import * as agents from '../agents/service.ts';
import { registerAccount } from '../auth/service.ts';
import * as billing from '../billing/service.ts';
import { adjustStock, enterOpeningBalance } from '../crates/service.ts';
import { acknowledgeTransmission, createTransmission } from './service.ts';

const DAY = 24 * 60 * 60 * 1000;
/** Weeks of shipments and returns before this one. */
const HISTORY_WEEKS = 14;

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

type DemoAgent = NonNullable<Awaited<ReturnType<typeof agents.findAgentByUserId>>>;
type FarmStore = Caller & { role: 'farm_store' };

/** A demo agent as the caller of its own actions. */
const asCaller = (agent: DemoAgent): Caller => ({
  id: agent.userId,
  role: 'market_agent',
  marketAgentId: agent.id,
  supplierId: null,
});

export async function seedDemoCrates(
  db: Db,
  {
    farmUserId,
    agentUserId,
    password,
    now = new Date(),
  }: { farmUserId: number; agentUserId: number; password: string; now?: Date },
) {
  const farm: FarmStore = { id: farmUserId, role: 'farm_store', marketAgentId: null, supplierId: null };
  const demoAgents = await registerDemoAgents(db, agentUserId, password);
  await openDemoStock(db, farm, demoAgents, new Date(now.getTime() - HISTORY_WEEKS * 7 * DAY - 2 * DAY));
  await saveDemoBankDetails(db, demoAgents);

  const today = farmToday(DEFAULT_FARM_TIMEZONE, now);
  const cycleIds: number[] = [];
  // Weeks 14 … 1 ago: a shipment to each agent early in the week, a return of empties later on.
  for (let week = HISTORY_WEEKS; week >= 1; week--) {
    const cycle = demoCycle(week, now);
    if (cycle) cycleIds.push((await billing.createCycle(db, cycle, { today, caller: farm })).id);
    for (const [i, agent] of demoAgents.entries()) await shipAndReturn(db, farm, agent, { week, i, now });
  }

  // The first cycle is paid by EFT to the agents with bank details; the others are still owed it.
  await billing.recordPayment(
    db,
    cycleIds[0],
    { paidOn: daysBefore(now, 4, 1), reference: 'FNB EFT 0001' },
    { today, caller: farm },
  );

  // Waiting for action now: a delivery for the main agent and a return for the farm store.
  await createTransmission(db, farm, {
    type: 'farm_to_market',
    marketAgentId: demoAgents[0].id,
    quantity: 50,
    notes: 'Friday load',
  });
  await createTransmission(db, asCaller(demoAgents[1]), {
    type: 'market_to_farm',
    quantity: 20,
    notes: 'Empties for collection',
  });
}

/** The main demo agent and the extra ones, registered here. */
async function registerDemoAgents(db: Db, agentUserId: number, password: string): Promise<DemoAgent[]> {
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
  return demoAgents;
}

/** The farm's stock and the agents' crates on paper, booked at `at` (before the history, so every week adds up). */
async function openDemoStock(db: Db, farm: FarmStore, demoAgents: DemoAgent[], at: Date) {
  await adjustStock(db, farm, { quantity: 5000, reason: 'Opening stock (demo farm)' }, { at });
  await adjustStock(db, farm, { quantity: -40, reason: 'Cracked crates found at stock-take' }, { at });
  // Empties on paper when the farm started using the app: what the agents return from.
  for (const [i, agent] of demoAgents.entries()) {
    await enterOpeningBalance(
      db,
      farm,
      {
        marketAgentId: agent.id,
        fullCrates: 20 + 10 * i,
        emptyCrates: 320 - 20 * i,
      },
      { at },
    );
  }
}

// Billing (decision 019): two agents have bank details; a cycle from week 11 to 5 (completed) and
// one from week 4 on (active), so both billing tabs and the agents' earnings have figures.
async function saveDemoBankDetails(db: Db, demoAgents: DemoAgent[]) {
  for (const [i, agent] of demoAgents.slice(0, 2).entries()) {
    await billing.saveBankDetails(db, asCaller(agent), {
      bankName: i === 0 ? 'First National Bank' : 'Capitec',
      accountNumber: i === 0 ? '62012345678' : '1402345678',
      branchCode: i === 0 ? '250655' : '470010',
      accountHolderName: agent.businessName ?? agent.agentName,
      accountType: i === 0 ? 'current' : 'savings',
    });
  }
}

/** The day `weeksAgo` weeks (and `plusDays` days) before now, as YYYY-MM-DD. */
const daysBefore = (now: Date, weeksAgo: number, plusDays = 0) =>
  new Date(now.getTime() - weeksAgo * 7 * DAY + plusDays * DAY).toISOString().slice(0, 10);

/** The billing cycle that starts in this week, if one does. */
function demoCycle(week: number, now: Date) {
  if (week === 11) return { startDate: daysBefore(now, 11, -1), endDate: daysBefore(now, 5, 5), ratePerCrate: '0.35' };
  if (week === 4) return { startDate: daysBefore(now, 4, -1), endDate: daysBefore(now, 0, 13), ratePerCrate: '0.40' };
  return null;
}

/** One agent's week: a shipment it acknowledges, then a return of empties the farm acknowledges. */
async function shipAndReturn(
  db: Db,
  farm: FarmStore,
  agent: DemoAgent,
  { week, i, now }: { week: number; i: number; now: Date },
) {
  // Dated as they happened: the ledger is append-only, so history is written in the past, never moved there.
  const sentAt = new Date(now.getTime() - week * 7 * DAY + i * 3_600_000);
  const quantity = 40 + ((week * 7 + i * 11) % 35);
  // Last week's deliveries went in labelled stacks of 20, every stack scanned (decision 073).
  const stackSize = week === 1 ? 20 : null;
  const sent = await createTransmission(
    db,
    farm,
    {
      type: 'farm_to_market',
      marketAgentId: agent.id,
      quantity,
      notes: week % 3 === 0 ? 'Sweet Bell Peppers' : null,
      stackSize,
    },
    { at: sentAt },
  );
  // The one flagged difference: two crates short on a delivery three weeks ago.
  const counted = week === 3 && i === 0 ? quantity - 2 : quantity;
  await acknowledgeTransmission(db, asCaller(agent), sent.id, counted, {
    at: new Date(sentAt.getTime() + 6 * 3_600_000),
    ...(stackSize ? { scannedStacks: Array.from({ length: sent.stackCount }, (_, n) => n + 1) } : {}),
  });

  const returnedAt = new Date(sentAt.getTime() + 3 * DAY);
  const back = await createTransmission(
    db,
    asCaller(agent),
    {
      type: 'market_to_farm',
      quantity: 12 + ((week * 5 + i * 7) % 14),
      notes: null,
    },
    { at: returnedAt },
  );
  const damaged = demoDamage(week, i);
  await acknowledgeTransmission(db, farm, back.id, null, {
    at: new Date(returnedAt.getTime() + 4 * 3_600_000),
    ...(damaged > 0 ? { damage: { quantity: damaged, reason: 'Split on the truck' } } : {}),
  });
}

/**
 * Crates the farm finds damaged in a return, so the loss-rate charts have figures (decision 070): a
 * crate or two now and then from week 6 back, and 12 in each of Johan Botha's (the third agent's)
 * returns 3 and 2 weeks ago, which marks him "Losing crates". Each return falls in the calendar week
 * of its shipment or the next one, and every calendar week has one shipment per agent, so those two
 * weeks are two weeks running with crates received, whatever day the demo starts on.
 */
function demoDamage(week: number, i: number): number {
  if (i === 2 && (week === 3 || week === 2)) return 12;
  return week >= 6 && (week + i) % 5 === 0 ? 1 + (week % 2) : 0;
}
