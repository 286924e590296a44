// The bench's farm: a realistic farm written in bulk with SQL (generate_series and
// INSERT … SELECT, no per-row service calls), but row for row what the services would have written
// had the farm used the app for ~three years: every transmission with its ledger movements (dispatch,
// receipt, counted differences, flags and their resolutions), every client loan with its lend and
// returns, one billing line per acknowledged return in the cycle covering its farm day, payments for
// the paid cycles, three years of prices, and crate_balances equal to the sum of the movements. Each
// holder's history never goes below zero: the farm's opening stock and each agent's opening empties
// are computed from the plan as the least that keeps them at or above zero, as the paper records of a
// real farm would have had to be.
//
// Not written: change_events (the app purges them after a while) and audit_log rows (services add
// those only inside a request; the demo and the bench write outside one).
//
// Sizes: big = 200 agents, 20 000 clients, 1 000 000 transmissions, 2 000 000 loans, 150 weekly
// billing cycles; small = 40 agents, 1 000 clients, 10 000 transmissions, 20 000 loans, 150 cycles.
// Shape busy-week: the current week holds BENCH_BUSY_WEEK deliveries (default 1 500, or the usual
// weekly volume when that is larger), all still pending.
import { builtInPrices } from '../src/server/features/pricing/service.ts';
import { addDays, farmToday } from '../src/server/lib/farm-date.ts';
import { hashPassword } from '../src/server/lib/passwords.ts';
import { FARM_USERS, type FarmPlan, farmEmail, PASSWORD, SUPPLIER_USER_ID } from './plan.ts';

/** Runs SQL on one session (temp tables and settings live in it): a pg client or PGlite. */
export type Session = {
  exec(text: string): Promise<void>;
  rows<T = Record<string, unknown>>(text: string): Promise<T[]>;
};

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

// Names that read like a South African fresh-produce market, so screens and PDFs look real.
const FIRST = ['Sipho', 'Thandi', 'Pieter', 'Lerato', 'Johan', 'Naledi', 'Kagiso', 'Anele', 'Ruan', 'Zanele'];
const FIRST2 = ['Mandla', 'Karabo', 'Annelie', 'Themba', 'Priya', 'Bongani', 'Marike', 'Lwazi', 'Farah', 'Tshepo'];
const LAST = ['Dlamini', 'Nkosi', 'van Wyk', 'Mokoena', 'Botha', 'Naidoo', 'Pillay', 'Mahlangu', 'Smit', 'Khumalo'];
const LAST2 = [
  'Venter',
  'Mthembu',
  'Coetzee',
  'Ndlovu',
  'Moodley',
  'Zulu',
  'Pretorius',
  'Sithole',
  'Joubert',
  'Maseko',
];
const FIRSTS = [...FIRST, ...FIRST2];
const LASTS = [...LAST, ...LAST2];
const TRADES = ['Fresh Produce', 'Market Traders', 'Fruit & Veg', 'Agencies', 'Produce Agents'];
const SHOPS = ['Spaza', 'Greengrocer', 'Superette', 'Kitchen', 'Caterers', 'Fruit Stall', 'Deli', 'Market Stall'];
const BANKS = ['FNB', 'Standard Bank', 'Absa', 'Nedbank', 'Capitec'];

/** A SQL array literal of strings, indexable 1-based by `expr % n + 1`. */
const pick = (values: string[], expr: string) =>
  `(array[${values.map(quote).join(', ')}])[(${expr}) % ${values.length} + 1]`;

/** Tables written in bulk: their secondary indexes and foreign keys are dropped first and rebuilt after. */
const BULK_TABLES = ['clients', 'transmissions', 'client_transactions', 'crate_movements', 'billing_lines'];

type Timings = { step: string; ms: number }[];

export type SeedResult = {
  plan: FarmPlan;
  today: string;
  counts: Record<string, number>;
  openings: { farmStock: number; agentEmptiesMin: number; agentEmptiesMax: number };
  timings: Timings;
};

/** Weekly prices per variety for three years up to today (the demo's seasonal curve, a year longer). */
function priceHistory(today: string) {
  const rows: { variety: string; effectiveDate: string; pricePerCrate: number }[] = [];
  const current: Record<string, number> = {};
  const start = addDays(today, -3 * 365);
  builtInPrices.forEach((price, v) => {
    let seed = 1000 + v;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const priceOn = (day: string) => {
      const yearsBefore = (Date.parse(today) - Date.parse(day)) / (365 * 86_400_000);
      const dayOfYear = (Date.parse(day) - Date.parse(`${day.slice(0, 4)}-01-01`)) / 86_400_000;
      const seasonal = 1 + 0.15 * Math.cos((2 * Math.PI * (dayOfYear - 190)) / 365);
      const raw = (price.pricePerCrate / 1.06 ** yearsBefore) * seasonal * (1 + (random() - 0.5) * 0.06);
      return Math.max(500, Math.round(raw / 500) * 500);
    };
    for (let day = start; day <= today; day = addDays(day, 7)) {
      rows.push({ variety: price.variety, effectiveDate: day, pricePerCrate: priceOn(day) });
    }
    if (rows.at(-1)?.effectiveDate !== today) {
      rows.push({ variety: price.variety, effectiveDate: today, pricePerCrate: priceOn(today) });
    }
    current[price.variety] = rows.at(-1)!.pricePerCrate;
  });
  return { rows, current };
}

/**
 * Writes the farm into an empty, migrated database through `session`. Returns what it wrote; throws
 * when the database already has accounts.
 */
export async function seedFarm(session: Session, plan: FarmPlan, log: (line: string) => void): Promise<SeedResult> {
  const timings: Timings = [];
  let last = Date.now();
  const step = async (name: string, fn: () => Promise<void>) => {
    await fn();
    const now = Date.now();
    timings.push({ step: name, ms: now - last });
    log(`${name}: ${((now - last) / 1000).toFixed(1)} s`);
    last = now;
  };

  const [{ n: existing }] = await session.rows<{ n: number }>('select count(*)::int as n from users');
  if (Number(existing) > 0) throw new Error('the database already has accounts: the bench farm needs an empty one');
  if (!/^[A-Za-z0-9_/+-]+$/.test(plan.timeZone)) throw new Error(`odd FARM_TIMEZONE ${plan.timeZone}`);

  const A = plan.agents;
  const CPA = plan.clientsPerAgent;
  const D = Math.ceil(plan.transmissions / 2);
  const R = plan.transmissions - D;
  const L = plan.loans;
  const W = plan.cycles;
  const B = plan.busyWeek;
  const tz = quote(plan.timeZone);
  const now = new Date();
  const today = farmToday(plan.timeZone, now);
  const isoDow = ((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const monday = addDays(today, 1 - isoDow);
  const firstMonday = addDays(monday, -(W - 1) * 7);
  const passwordHash = quote(await hashPassword(PASSWORD));

  await session.exec(`
    set synchronous_commit = off;
    set work_mem = '${plan.size === 'big' ? '512MB' : '64MB'}';
    set maintenance_work_mem = '${plan.size === 'big' ? '1GB' : '128MB'}';
    select setseed(0.2024);`);

  // Secondary indexes and foreign keys of the bulk tables, to rebuild once the rows are in.
  const tables = `array[${BULK_TABLES.map(quote).join(', ')}]`;
  const indexes = await session.rows<{ name: string; def: string }>(`
    select i.relname as name, pg_get_indexdef(x.indexrelid) as def
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where t.relnamespace = 'public'::regnamespace and t.relname = any(${tables})
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
    order by t.relname, i.relname`);
  const foreignKeys = await session.rows<{ tbl: string; name: string; def: string }>(`
    select c.conrelid::regclass::text as tbl, c.conname as name, pg_get_constraintdef(c.oid) as def
    from pg_constraint c join pg_class t on t.oid = c.conrelid
    where c.contype = 'f' and t.relnamespace = 'public'::regnamespace
      and (t.relname = any(${tables}) or c.confrelid in (select oid from pg_class where relname = any(${tables})
           and relnamespace = 'public'::regnamespace))
    order by 1, 2`);

  await step('indexes and foreign keys of the bulk tables set aside', async () => {
    for (const fk of foreignKeys) await session.exec(`alter table ${fk.tbl} drop constraint "${fk.name}"`);
    for (const index of indexes) await session.exec(`drop index "${index.name}"`);
  });

  await step(`accounts: ${FARM_USERS} farm store, 1 supplier, ${A} agents, ${A * CPA} clients`, async () => {
    const joined = `(timestamp '${firstMonday}' at time zone ${tz})`;
    await session.exec(`
      insert into users (id, name, email, password_hash, role, created_at) values
        (1, 'Nomsa Farmstore', ${quote(farmEmail(1))}, ${passwordHash}, 'farm_store', ${joined} - interval '60 days'),
        (2, 'Gert Stockclerk', ${quote(farmEmail(2))}, ${passwordHash}, 'farm_store', ${joined} - interval '59 days'),
        (3, 'Ayanda Dispatch', ${quote(farmEmail(3))}, ${passwordHash}, 'farm_store', ${joined} - interval '58 days'),
        (${SUPPLIER_USER_ID}, 'Pieter Boerdery', 'supplier@bench.cratekeeper', ${passwordHash}, 'supplier',
         ${joined} - interval '50 days');
      insert into suppliers (user_id, business_name, contact_person, contact_number, farm_location, produce_types,
        certification_type, status, created_at)
      values (${SUPPLIER_USER_ID}, 'Bench Boerdery', 'Pieter Boerdery', '083 000 0000', 'Tzaneen, Limpopo',
        'Sweet Bell Peppers, Hot Chili Peppers', 'globalGAP', 'approved', ${joined} - interval '50 days');
      insert into users (id, name, email, password_hash, role, created_at)
      select ${SUPPLIER_USER_ID} + g, ${pick(FIRSTS, 'g')} || ' ' || ${pick(LASTS, 'g / 20')},
        'agent' || g || '@bench.cratekeeper', ${passwordHash}, 'market_agent', ${joined} - interval '40 days' + g * interval '1 hour'
      from generate_series(1, ${A}) g;
      insert into market_agents (id, user_id, agent_number, business_name, market_name, market_location, location,
        contact_number, bank_name, account_number, branch_code, account_holder_name, account_type, created_at)
      select g, ${SUPPLIER_USER_ID} + g,
        'MA-' || case when g < 1000 then lpad(g::text, 4, '0') else g::text end,
        ${pick(LASTS, 'g / 20')} || ' ' || ${pick(TRADES, 'g')},
        m.market, m.market, m.city, '082 ' || lpad((g % 1000)::text, 3, '0') || ' ' || lpad((g * 7 % 10000)::text, 4, '0'),
        case when g % 25 <> 0 then ${pick(BANKS, 'g')} end,
        case when g % 25 <> 0 then (6200000000 + g * 7919)::text end,
        case when g % 25 <> 0 then '250655' end,
        case when g % 25 <> 0 then ${pick(FIRSTS, 'g')} || ' ' || ${pick(LASTS, 'g / 20')} end,
        case when g % 25 <> 0 then 'current' end,
        ${joined} - interval '40 days' + g * interval '1 hour'
      from generate_series(1, ${A}) g
      cross join lateral (select case g % 3 when 1 then 'Johannesburg Market' when 2 then 'Pretoria Market' else 'Other' end as market) k
      cross join lateral (select k.market, case k.market when 'Johannesburg Market' then 'Johannesburg'
                                                    when 'Pretoria Market' then 'Pretoria' else 'Other' end as city) m;
      insert into clients (id, market_agent_id, business_name, client_name, contact_number, is_active, created_at)
      select c, (c - 1) / ${CPA} + 1,
        ${pick(LASTS, 'c * 7')} || ' ' || ${pick(SHOPS, 'c')},
        ${pick(FIRSTS, 'c * 3')} || ' ' || ${pick(LASTS, 'c * 11')},
        '07' || (c % 10) || ' ' || lpad((c % 1000)::text, 3, '0') || ' ' || lpad((c * 13 % 10000)::text, 4, '0'),
        ((c - 1) % ${CPA}) % 50 <> 49,
        ${joined} - interval '30 days' + ((c - 1) % ${CPA}) * interval '2 hours'
      from generate_series(1, ${A * CPA}) c;`);
  });

  await step(`prices: three years weekly for ${builtInPrices.length} varieties`, async () => {
    const { rows, current } = priceHistory(today);
    await session.exec(`
      delete from pricing_history;
      delete from pepper_pricing;
      insert into pepper_pricing (variety, description, price_per_crate, availability) values
        ${builtInPrices
          .map((p) => `(${quote(p.variety)}, ${quote(p.description)}, ${current[p.variety]}, ${quote(p.availability)})`)
          .join(',\n')};
      insert into pricing_history (variety, effective_date, price_per_crate, created_at) values
        ${rows.map((r) => `(${quote(r.variety)}, '${r.effectiveDate}', ${r.pricePerCrate}, '${r.effectiveDate}'::date)`).join(',\n')};`);
  });

  await step(`${W} weekly billing cycles`, async () => {
    await session.exec(`
      insert into billing_cycles (id, start_date, end_date, rate_per_crate, created_by, created_at)
      select k, date '${firstMonday}' + (k - 1) * 7, date '${firstMonday}' + (k - 1) * 7 + 6,
        (2.00 + 0.25 * ((k - 1) / 52))::numeric(12, 2), 1,
        ((date '${firstMonday}' + (k - 1) * 7 - 1)::timestamp + interval '16 hours') at time zone ${tz}
      from generate_series(1, ${W}) k;`);
  });

  // The plan: deliveries in pairs with the agent's returns of empties, spread evenly over the history
  // (busy-week: the last `B` deliveries in the current week, all still pending).
  await step(`plan: ${D} deliveries and ${R} returns`, async () => {
    await session.exec(`
      create temp table anchor as
      select h0, now_, week_start,
        extract(epoch from (${B > 0 ? 'week_start' : "now_ - interval '10 minutes'"} - (h0 + interval '1 hour')))
          / ${D - B} as step_a,
        extract(epoch from greatest(interval '1 minute', now_ - interval '20 minutes' - week_start)) / ${Math.max(B, 1)}
          as step_b
      from (select timestamp '${firstMonday}' at time zone ${tz} as h0, '${now.toISOString()}'::timestamptz as now_,
                   timestamp '${monday}' at time zone ${tz} as week_start) t;

      create temp table pairs as
      select i, 1 + floor(random() * ${A})::int as agent, 20 + floor(random() * 41)::int as quantity,
        random() as u_t, random() as u_rt, random() as u_ack, random() as u_rack, random() as u_c, random() as u_c2,
        random() as u_rc, random() as u_rc2, random() as u_from, random() as u_rby, random() as u_res, random() as u_rres
      from generate_series(0, ${D - 1}) i;

      create temp table legs as
      with timed as (
        select p.*, a.now_,
          case when p.i < ${D - B} then a.h0 + interval '1 hour' + ((p.i + p.u_t) * a.step_a) * interval '1 second'
               else a.week_start + interval '10 minutes' + ((p.i - ${D - B} + p.u_t) * a.step_b) * interval '1 second'
          end as sent,
          case when p.i < ${D - B} then a.step_a else a.step_b end as step
        from pairs p cross join anchor a
      )
      select 'farm_to_market'::text as type, i, agent, quantity, sent,
        case when i < ${D - B} then sent + (2 + 8 * u_ack) * interval '1 hour' end as ack_try,
        u_c as uc, u_c2 as uc2, 1 + floor(u_from * ${FARM_USERS})::int as from_user, ${SUPPLIER_USER_ID} + agent as to_user,
        ${SUPPLIER_USER_ID} + agent as ack_by, u_res as ures, now_
      from timed
      union all
      select 'market_to_farm', i, agent, quantity, r.sent, r.sent + (1 + 5 * u_rack) * interval '1 hour',
        u_rc, u_rc2, ${SUPPLIER_USER_ID} + agent, null, 1 + floor(u_rby * ${FARM_USERS})::int, u_rres, now_
      from timed cross join lateral (select timed.sent + (u_rt * 0.9 * step) * interval '1 second' as sent) r
      where i < ${R};

      create temp table pt as
      select (row_number() over (order by sent, type, i))::int as id, type, agent, quantity, sent,
        case when ack_try <= now_ then ack_try end as ack,
        case when ack_try <= now_ then
          case when uc < 0.03 then quantity - 1 - floor(uc2 * 3)::int when uc < 0.04 then quantity + 1 else quantity end
        end as actual,
        from_user, to_user, ack_by, ures, now_
      from legs;
      drop table legs;
      drop table pairs;`);
  });

  await step('transmissions', async () => {
    await session.exec(`
      insert into transmissions (id, type, from_user_id, to_user_id, market_agent_id, quantity, actual_quantity,
        status, is_flagged, resolution_note, resolved_at, resolved_by, acknowledged_at, acknowledged_by, sent_at, created_at)
      select id, type, from_user, to_user, agent, quantity, actual,
        case when ack is null then 'pending' else 'acknowledged' end,
        coalesce(actual <> quantity, false),
        case when f.resolved then 'Checked at the weekly stock-take' end,
        case when f.resolved then ack + (1 + 6 * ures) * interval '1 day' end,
        case when f.resolved then 1 end,
        ack, case when ack is not null then ack_by end, sent, sent
      from pt cross join lateral (select coalesce(actual <> quantity and ack < now_ - interval '14 days', false) as resolved) f
      order by id;`);
  });

  // Loans: every acknowledged delivery's counted crates are lent out in a few loans soon after it
  // arrived (so an agent never lends crates it does not hold), each returned 1–30 days later; loans
  // not yet due are open, some partly returned. Inactive clients (every 50th) had no loan in 90 days.
  await step(`plan and write ${L} client loans`, async () => {
    await session.exec(`
      create temp table acked as
      select id as tid, agent, actual, ack, (row_number() over (order by ack, id) - 1) as rk
      from pt where type = 'farm_to_market' and ack is not null;

      create temp table pl as
      with c as (select count(*)::bigint as acked from acked),
      l as (
        -- Loan l goes to acknowledged delivery rk = floor(l × acked / L); its place k among that
        -- delivery's n loans follows from the same arithmetic, without a window over all loans.
        select g::bigint as l, g::bigint * c.acked / ${Math.max(L, 1)} as rk, c.acked,
          random() as u_client, random() as u_ret, random() as u_open, random() as u_part
        from generate_series(0, ${L - 1}) g cross join c
      ), k as (
        select l.*, (l - (rk * ${L} + acked - 1) / acked)::int as k,
          (((rk + 1) * ${L} + acked - 1) / acked - (rk * ${L} + acked - 1) / acked)::int as n
        from l
      ), placed as (
        select k.l, d.tid, d.agent, k.u_ret, k.u_open, k.u_part,
          d.actual / k.n + case when k.k < d.actual % k.n then 1 else 0 end as borrowed,
          d.ack + ((k.k + 1)::float8 / (k.n + 1)) * least(interval '6 hours', a.now_ - d.ack) as lent_at,
          floor(k.u_client * ${CPA})::int as slot, a.now_
        from k join acked d on d.rk = k.rk cross join anchor a
      )
      select (row_number() over (order by lent_at, l))::int as id, agent, borrowed, lent_at, now_,
        (agent - 1) * ${CPA} + 1 + case when slot % 50 = 49 and lent_at > now_ - interval '90 days' then slot - 1 else slot end
          as client,
        lent_at + (1 + 29 * u_ret) * interval '1 day' as due_back,
        case when borrowed >= 2 and u_part < 0.3 then lent_at + (now_ - lent_at) * u_open end as part_at
      from placed;

      insert into client_transactions (id, client_id, market_agent_id, quantity_borrowed, quantity_returned, is_open,
        created_at, updated_at, closed_at)
      select id, client, agent, borrowed,
        case when due_back <= now_ then borrowed when part_at is not null then borrowed / 2 else 0 end,
        due_back > now_,
        lent_at,
        case when due_back <= now_ then due_back else coalesce(part_at, lent_at) end,
        case when due_back <= now_ then due_back end
      from pl order by id;`);
  });

  // Every crate movement the actions above made, in the order they happened.
  await step('plan the ledger movements', async () => {
    const full = `'agent:' || agent || ':full'`;
    const empty = `'agent:' || agent || ':empty'`;
    const destination = `case when type = 'farm_to_market' then ${full} else 'farm' end`;
    await session.exec(`
      create temp table mv (
        seq bigint generated always as identity, occurred_at timestamptz not null, ord smallint not null,
        from_h text not null, to_h text not null, qty int not null, kind text not null, tid int, loan_id int,
        reason text, created_by int);

      insert into mv (occurred_at, ord, from_h, to_h, qty, kind, tid, created_by)
      select sent, 1, case when type = 'farm_to_market' then 'farm' else ${empty} end, 'transit', quantity, 'dispatch', id,
        from_user
      from pt;
      insert into mv (occurred_at, ord, from_h, to_h, qty, kind, tid, created_by)
      select ack, 2, 'transit', ${destination}, least(actual, quantity), 'receipt', id, ack_by
      from pt where ack is not null and least(actual, quantity) > 0;
      insert into mv (occurred_at, ord, from_h, to_h, qty, kind, tid, reason, created_by)
      select ack, 3, 'transit', 'writeoff', quantity - actual, 'count_difference', id,
        'Counted ' || actual || ' of ' || quantity, ack_by
      from pt where actual < quantity;
      insert into mv (occurred_at, ord, from_h, to_h, qty, kind, tid, reason, created_by)
      select ack, 3, 'writeoff', ${destination}, actual - quantity, 'count_difference', id,
        'Counted ' || actual || ' of ' || quantity, ack_by
      from pt where actual > quantity;

      insert into mv (occurred_at, ord, from_h, to_h, qty, kind, loan_id, created_by)
      select lent_at, 4, ${full}, 'client:' || client, borrowed, 'lend', id, ${SUPPLIER_USER_ID} + agent from pl;
      insert into mv (occurred_at, ord, from_h, to_h, qty, kind, loan_id, created_by)
      select case when due_back <= now_ then due_back else part_at end, 5, 'client:' || client, ${empty},
        case when due_back <= now_ then borrowed else borrowed / 2 end, 'client_return', id, ${SUPPLIER_USER_ID} + agent
      from pl where due_back <= now_ or part_at is not null;

      -- The farm buys crates every four weeks and writes off the cracked ones it finds.
      insert into mv (occurred_at, ord, from_h, to_h, qty, kind, reason, created_by)
      select a.h0 + (k * 28 + 2) * interval '1 day' + interval '9 hours', 0, 'external', 'farm', ${Math.max(100, A * 10)},
        'stock_adjustment', 'Bought new crates', 1
      from anchor a cross join generate_series(0, ${Math.floor((W * 7 - 3) / 28)}) k
      where a.h0 + (k * 28 + 2) * interval '1 day' < a.now_;
      insert into mv (occurred_at, ord, from_h, to_h, qty, kind, reason, created_by)
      select a.h0 + (k * 28 + 16) * interval '1 day' + interval '15 hours', 0, 'farm', 'external', ${Math.max(10, A)},
        'stock_adjustment', 'Cracked crates found at stock-take', 2
      from anchor a cross join generate_series(0, ${Math.floor((W * 7 - 17) / 28)}) k
      where a.h0 + (k * 28 + 16) * interval '1 day' < a.now_;`);
  });

  // Opening balances: the farm's stock and each agent's empties, the least that keeps their history at
  // or above zero (full crates can't dip: they are lent only after they arrived).
  let openings = { farmStock: 0, agentEmptiesMin: 0, agentEmptiesMax: 0 };
  await step('opening stock and balances', async () => {
    await session.exec(`
      -- Per holder and day: the balance before the day plus everything that left during it, a bound
      -- at or below the lowest the balance reached that day (a window over every movement is slower).
      create temp table need as
      with d as (
        select from_h as h, occurred_at::date as day, -qty as delta from mv
        where from_h = 'farm' or from_h like 'agent:%:empty'
        union all
        select to_h, occurred_at::date, qty from mv where to_h = 'farm' or to_h like 'agent:%:empty'
      ), days as (
        select h, day, sum(delta) as net, sum(least(delta, 0)) as outflow from d group by h, day
      )
      select h, least(0, min(coalesce(before, 0) + outflow))::bigint as low from (
        select h, outflow, sum(net) over (partition by h order by day rows between unbounded preceding and 1 preceding)
          as before
        from days
      ) r group by h;

      insert into mv (occurred_at, ord, from_h, to_h, qty, kind, reason, created_by)
      select a.h0 - interval '1 day', 0, 'external', 'farm',
        (ceil((-coalesce((select low from need where h = 'farm'), 0) + ${A * 100}) / 1000.0) * 1000)::int,
        'stock_adjustment', 'Opening stock (bench farm)', 1
      from anchor a;
      insert into mv (occurred_at, ord, from_h, to_h, qty, kind, reason, created_by)
      select a.h0 - interval '1 day' + g * interval '1 minute', 0, 'external', 'agent:' || g || ':full', 50,
        'opening_balance', 'Opening balance from paper records', 1
      from anchor a cross join generate_series(1, ${A}) g;
      insert into mv (occurred_at, ord, from_h, to_h, qty, kind, reason, created_by)
      select a.h0 - interval '1 day' + g * interval '1 minute', 0, 'external', 'agent:' || g || ':empty',
        (ceil((-coalesce(n.low, 0) + 40) / 10.0) * 10)::int, 'opening_balance', 'Opening balance from paper records', 1
      from anchor a cross join generate_series(1, ${A}) g left join need n on n.h = 'agent:' || g || ':empty';`);
    const [row] = await session.rows<{ farm: number; lo: number; hi: number }>(`
      select (select qty from mv where kind = 'stock_adjustment' and reason = 'Opening stock (bench farm)') as farm,
        min(qty) as lo, max(qty) as hi from mv where kind = 'opening_balance' and to_h like '%:empty'`);
    openings = { farmStock: Number(row.farm), agentEmptiesMin: Number(row.lo), agentEmptiesMax: Number(row.hi) };
  });

  await step('crate_balances and crate_movements', async () => {
    await session.exec(`
      insert into crate_balances (holder, balance)
      select h, sum(delta)::int from (
        select to_h as h, qty as delta from mv union all select from_h, -qty from mv
      ) x group by h;
      insert into crate_movements (id, occurred_at, from_holder, to_holder, quantity, kind, transmission_id,
        client_transaction_id, reason, created_by)
      select row_number() over (order by occurred_at, ord, seq), occurred_at, from_h, to_h, qty, kind, tid, loan_id, reason,
        created_by
      from mv order by occurred_at, ord, seq;`);
  });

  await step('billing lines and payments', async () => {
    await session.exec(`
      insert into billing_lines (id, transmission_id, market_agent_id, acknowledged_on, crates, cycle_id, amount,
        created_at, updated_at)
      select row_number() over (order by t.ack, t.id), t.id, t.agent, d.day, t.actual, c.id, c.rate_per_crate * t.actual,
        t.ack, t.ack
      from pt t
      cross join lateral (select (t.ack at time zone ${tz})::date as day) d
      -- Weekly cycles from the first Monday: the covering cycle's id follows from the day.
      left join billing_cycles c on c.id = (d.day - date '${firstMonday}') / 7 + 1 and d.day between c.start_date and c.end_date
      where t.type = 'market_to_farm' and t.ack is not null
      order by t.ack, t.id;
      insert into billing_payments (cycle_id, market_agent_id, crates, amount, paid_on, reference, recorded_by, created_at)
      select c.id, l.market_agent_id, sum(l.crates), sum(l.amount), c.end_date + 3, 'Crates ' || c.end_date, 1,
        ((c.end_date + 3)::timestamp + interval '10 hours') at time zone ${tz}
      from billing_lines l join billing_cycles c on c.id = l.cycle_id
      where c.end_date < date '${monday}' - 7
      group by c.id, l.market_agent_id
      having sum(l.amount) > 0
      order by c.id, l.market_agent_id;`);
  });

  await step('sequences', async () => {
    for (const table of [
      'users',
      'market_agents',
      'suppliers',
      'clients',
      'transmissions',
      'client_transactions',
      'crate_movements',
      'billing_cycles',
      'billing_lines',
      'billing_payments',
    ]) {
      await session.exec(
        `select setval(pg_get_serial_sequence('${table}', 'id'), greatest(1, (select max(id) from ${table})))`,
      );
    }
  });

  await step(`${indexes.length} indexes rebuilt`, async () => {
    for (const index of indexes) await session.exec(index.def);
  });
  // Added back, each foreign key checks every row it covers, as it would have checked each insert.
  await step(`${foreignKeys.length} foreign keys added back (every row checked)`, async () => {
    await session.exec(`analyze ${BULK_TABLES.join(', ')}, crate_balances`);
    for (const fk of foreignKeys) await session.exec(`alter table ${fk.tbl} add constraint "${fk.name}" ${fk.def}`);
  });

  if (plan.checkHistory) {
    await step('history check: no holder below zero at any moment', async () => {
      const below = await session.rows<{ holder: string; low: number }>(`
        with d as (
          select to_holder as h, occurred_at, id, quantity as delta from crate_movements
          union all
          select from_holder, occurred_at, id, -quantity from crate_movements
        )
        select h as holder, min(bal) as low from (
          select h, sum(delta) over (partition by h order by occurred_at, id rows unbounded preceding) as bal
          from d where h not in ('external', 'writeoff')
        ) r group by h having min(bal) < 0 limit 10`);
      if (below.length > 0) {
        throw new Error(`holders below zero in the history: ${below.map((b) => `${b.holder} ${b.low}`).join(', ')}`);
      }
    });
  }

  await session.exec('drop table if exists mv, need, pl, acked, pt, anchor');
  const counted = await session.rows<{ name: string; n: number }>(`
    select 'users' as name, count(*)::int as n from users
    union all select 'market_agents', count(*)::int from market_agents
    union all select 'clients', count(*)::int from clients
    union all select 'transmissions', count(*)::int from transmissions
    union all select 'pending transmissions', count(*)::int from transmissions where status = 'pending'
    union all select 'client_transactions', count(*)::int from client_transactions
    union all select 'open loans', count(*)::int from client_transactions where is_open
    union all select 'crate_movements', count(*)::int from crate_movements
    union all select 'billing_cycles', count(*)::int from billing_cycles
    union all select 'billing_lines', count(*)::int from billing_lines
    union all select 'billing_payments', count(*)::int from billing_payments
    union all select 'pricing_history', count(*)::int from pricing_history`);
  const counts = Object.fromEntries(counted.map((r) => [r.name, Number(r.n)]));
  return { plan, today, counts, openings, timings };
}
