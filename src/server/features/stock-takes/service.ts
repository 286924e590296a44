// Stock takes (decision 051): the farm store starts one for all or some agents; each agent
// counts its full and empty crates and its clients' crates; the farm store accepts each difference
// (booked on the ledger) or asks for a recount. Crate counts change only through the ledger service.

import { agentMessages } from '../../../shared/agents.ts';
import type {
  AgentStockTakeHistory,
  CurrentStockTake,
  ResolveLineBody,
  StockTakeCount,
  SubmitCountBody,
} from '../../../shared/stock-takes.ts';
import { stockTakeMessages as m } from '../../../shared/stock-takes.ts';
import type { Db, Executor } from '../../db/client.ts';
import { audiences, recordChange } from '../../lib/changes.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { type Caller, ownMarketAgentId } from '../../lib/ownership.ts';
import { emitWebhookEvent } from '../../lib/webhook-outbox.ts';
import * as agentsService from '../agents/service.ts';
import * as clients from '../clients/service.ts';
import { agentBalance, agentLosses, clientBalances } from '../crates/balances.ts';
import { holders, inLedgerTransaction, moveCrates } from '../crates/ledger.ts';
import * as repo from './repository.ts';

type Acting = Caller & { id: number };

async function withLines(db: Executor, counts: repo.CountRecord[]): Promise<StockTakeCount[]> {
  const lines = await repo.linesOf(
    db,
    counts.map((c) => c.id),
  );
  return counts.map(({ agentUserId: _, ...c }) => {
    const own = lines.filter((l) => l.countId === c.id).map(({ countId: __, ...l }) => l);
    return {
      ...c,
      lines: own,
      openDifferences: own.filter((l) => l.difference !== 0 && l.resolution !== 'accepted').length,
    };
  });
}

const audienceOf = (count: { agentUserId: number }) => [audiences.farmStore, audiences.user(count.agentUserId)];

/** Starts a stock take for the agents named (none: every active agent); 409 if one is still counting. */
export async function startStockTake(db: Db, caller: Acting, body: { marketAgentIds?: number[] } | null | undefined) {
  const ids = body?.marketAgentIds ? [...new Set(body.marketAgentIds)] : undefined;
  if (ids && ids.length === 0) throw badRequest(m.agentsRequired, { marketAgentIds: m.agentsRequired });
  const agents = await agentsService.activeAgents(db, ids);
  if (ids && agents.length !== ids.length) throw badRequest(m.agentUnknown, { marketAgentIds: m.agentUnknown });
  if (agents.length === 0) throw conflict(m.noAgents);
  const id = await db
    .transaction(async (tx) => {
      const busy = new Set(
        await repo.agentsStillCounting(
          tx,
          agents.map((a) => a.id),
        ),
      );
      if (busy.size > 0) {
        const names = agents.filter((a) => busy.has(a.id)).map((a) => a.name);
        throw conflict(m.alreadyCounting(names.join(', ')));
      }
      const takeId = await repo.insertStockTake(
        tx,
        caller.id,
        agents.map((a) => a.id),
      );
      await recordChange(tx, {
        tags: ['crates'],
        audience: [audiences.farmStore, ...agents.map((a) => audiences.user(a.userId))],
        audit: { record: takeId, summary: `stock take started for ${agents.length} agent(s)` },
      });
      return takeId;
    })
    .catch((err: unknown) => {
      // Two starts at once: the unique index on an agent's unfinished count refuses the second.
      if (
        (err as { code?: string; cause?: { code?: string } })?.code === '23505' ||
        (err as { cause?: { code?: string } })?.cause?.code === '23505'
      ) {
        throw conflict(m.alreadyCounting(agents.map((a) => a.name).join(', ')));
      }
      throw err;
    });
  return withLines(
    db,
    (await repo.listCounts(db, { open: true })).filter((c) => c.stockTakeId === id),
  );
}

/** The farm store's counts, newest first (`open`: not resolved yet). */
export async function listCounts(db: Db, open: boolean) {
  return withLines(db, await repo.listCounts(db, { open }));
}

/** The agent's count waiting for it (or waiting for the farm) and what to count, prefilled from the ledger. */
export async function currentCount(db: Db, caller: Caller): Promise<CurrentStockTake> {
  const agentId = ownMarketAgentId(caller);
  const count = await repo.unfinishedCountOf(db, agentId);
  if (!count) return { count: null, toCount: [] };
  const [view] = await withLines(db, [count]);
  const [own, list] = await Promise.all([
    agentBalance(db, agentId),
    clients.clientsToCount(db, agentId, new Date(count.startedAt)),
  ]);
  const held = await clientBalances(
    db,
    list.map((c) => c.id),
  );
  const before = (kind: string, clientId: number | null) =>
    view.lines.find((l) => l.holderKind === kind && l.clientId === clientId)?.counted ?? null;
  return {
    count: view,
    toCount: [
      {
        holderKind: 'full',
        clientId: null,
        label: 'Full crates',
        expected: own.fullCrates,
        previouslyCounted: before('full', null),
      },
      {
        holderKind: 'empty',
        clientId: null,
        label: 'Empty crates',
        expected: own.emptyCrates,
        previouslyCounted: before('empty', null),
      },
      ...list.map((c) => ({
        holderKind: 'client' as const,
        clientId: c.id,
        label: c.businessName,
        expected: held.get(c.id) ?? 0,
        previouslyCounted: before('client', c.id),
      })),
    ],
  };
}

/** The agent sends its count: every holder's figure beside the ledger's balance now. */
export async function submitCount(db: Db, caller: Acting, countId: number, body: SubmitCountBody) {
  const agentId = ownMarketAgentId(caller);
  await inLedgerTransaction(db, async (tx) => {
    const count = await repo.findCount(tx, countId, { lock: true });
    if (!count || count.marketAgentId !== agentId) throw notFound(m.countNotFound);
    if (count.status !== 'open') throw conflict(m.notOpen);
    const list = await clients.clientsToCount(tx, agentId, new Date(count.startedAt));
    const mine = new Set(list.map((c) => c.id));
    const typed = new Map<number, number>();
    for (const [i, c] of body.clients.entries()) {
      if (!mine.has(c.clientId)) throw badRequest(m.clientUnknown, { [`clients.${i}.clientId`]: m.clientUnknown });
      typed.set(c.clientId, c.counted);
    }
    if (list.some((c) => !typed.has(c.id))) throw badRequest(m.clientMissing, { clients: m.clientMissing });
    const own = await agentBalance(tx, agentId);
    const held = await clientBalances(tx, [...mine]);
    await repo.upsertLine(tx, {
      countId,
      holderKind: 'full',
      clientId: null,
      expected: own.fullCrates,
      counted: body.fullCrates,
    });
    await repo.upsertLine(tx, {
      countId,
      holderKind: 'empty',
      clientId: null,
      expected: own.emptyCrates,
      counted: body.emptyCrates,
    });
    for (const c of list) {
      await repo.upsertLine(tx, {
        countId,
        holderKind: 'client',
        clientId: c.id,
        expected: held.get(c.id) ?? 0,
        counted: typed.get(c.id)!,
      });
    }
    await repo.markSubmitted(tx, countId, caller.id);
    if (await repo.resolveIfSettled(tx, countId)) await completed(tx, count);
    await recordChange(tx, {
      tags: ['crates'],
      audience: audienceOf(count),
      audit: { record: countId, summary: 'stock take counted' },
    });
  });
  const count = await repo.findCount(db, countId);
  return (await withLines(db, [count!]))[0];
}

/** An agent's count is settled: every difference accepted, or none (webhook stock_take.completed, decision 063). */
const completed = (tx: Executor, count: repo.CountRecord) =>
  emitWebhookEvent(tx, 'stock_take.completed', {
    stockTakeId: count.stockTakeId,
    stockTakeCountId: count.id,
    marketAgentId: count.marketAgentId,
  });

/** The ledger holder a line counted. */
const holderOf = (line: repo.LineRecord, agentId: number) =>
  line.holderKind === 'full'
    ? holders.agentFull(agentId)
    : line.holderKind === 'empty'
      ? holders.agentEmpty(agentId)
      : holders.client(line.clientId!);

/** The farm store accepts a difference (booked on the ledger) or asks the agent to count again. */
export async function resolveLine(db: Db, caller: Acting, lineId: number, body: ResolveLineBody) {
  const note = body.note?.trim() || null;
  const countId = await inLedgerTransaction(db, async (tx) => {
    const line = await repo.findLine(tx, lineId, { lock: true });
    if (!line) throw notFound(m.lineNotFound);
    const count = (await repo.findCount(tx, line.countId, { lock: true }))!;
    if (line.difference === 0) throw conflict(m.noDifference);
    if (line.resolution === 'accepted') throw conflict(m.alreadyResolved);
    if (count.status !== 'submitted') throw conflict(m.notSubmitted);
    const resolution = body.action === 'accept' ? 'accepted' : 'recount';
    if (!(await repo.markLine(tx, lineId, { resolution, note, userId: caller.id }))) throw conflict(m.alreadyResolved);
    if (resolution === 'recount') {
      await repo.reopenCount(tx, count.id);
    } else {
      await bookDifference(tx, line, count.marketAgentId, caller.id);
      if (await repo.resolveIfSettled(tx, count.id)) await completed(tx, count);
    }
    await recordChange(tx, {
      tags: line.holderKind === 'client' ? ['crates', 'clients'] : ['crates'],
      audience: audienceOf(count),
      audit: { record: lineId, summary: `stock take difference ${line.difference} (${line.label}): ${resolution}` },
    });
    return count.id;
  });
  const count = await repo.findCount(db, countId);
  return (await withLines(db, [count!]))[0];
}

/** An accepted difference on the ledger: missing crates to the write-off account, found ones back from it. */
async function bookDifference(tx: Executor, line: repo.LineRecord, agentId: number, createdBy: number) {
  const reason = `Stock take: counted ${line.counted} of ${line.expected} (${line.label})`;
  const quantity = Math.abs(line.difference);
  const tooFew = (held: number) => new HttpError(409, m.tooFewNow(held));
  if (line.holderKind === 'client') {
    if (line.difference < 0) {
      const written = await clients.writeOffClientCrates(tx, { clientId: line.clientId!, quantity, createdBy, reason });
      if (written < quantity) throw tooFew(written);
    } else {
      await clients.bookFoundClientCrates(tx, {
        clientId: line.clientId!,
        marketAgentId: agentId,
        quantity,
        createdBy,
        reason,
      });
    }
    return;
  }
  const holder = holderOf(line, agentId);
  await moveCrates(tx, {
    from: line.difference < 0 ? holder : holders.writeoff,
    to: line.difference < 0 ? holders.writeoff : holder,
    quantity,
    kind: 'stock_take',
    reason,
    createdBy,
    insufficient: tooFew,
  });
}

/** One agent's stock-take history and loss rate (the Market Agents screen). */
export async function agentHistory(db: Db, marketAgentId: number): Promise<AgentStockTakeHistory> {
  const agents = await agentsService.activeAgents(db, [marketAgentId]);
  const [counts, losses] = await Promise.all([
    repo.listCounts(db, { marketAgentId, limit: 50 }),
    agentLosses(db, marketAgentId),
  ]);
  if (agents.length === 0 && counts.length === 0) throw notFound(agentMessages.agentNotFound);
  return { marketAgentId, counts: await withLines(db, counts), ...losses };
}
