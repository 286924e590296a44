// The morning rush (decision 080), a part of bench/api.mjs: every agent acknowledges the deliveries
// waiting for it and lends crates to its clients within a few minutes, while the open dashboards poll
// (bench/load.mjs simulateDashboards, run beside it by api.mjs). Each agent is one person on a phone:
// it starts at a random moment in the first part of the window, then makes one request at a time —
// its incoming list, each acknowledgement (the count as sent), each loan — with a pause between two
// actions, and every write carries its own Idempotency-Key, as the phone's queue sends it.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { call, request, sleep, summarize } from './support.mjs';

/**
 * Gives each agent its morning: `deliveries` deliveries of `crates` crates from the farm store (set-up,
 * not measured, `concurrency` at a time) and the list of its active clients.
 */
export async function prepareRush(port, { farmCookie, agents, deliveries, crates }) {
  const prepared = [];
  for (const agent of agents) {
    const clients = await call(port, { path: '/api/clients?limit=500', cookie: agent.cookie });
    const active = clients.filter((c) => c.isActive).map((c) => c.id);
    if (active.length === 0) throw new Error(`agent ${agent.marketAgentId} has no active client to lend to`);
    prepared.push({ ...agent, clients: active });
  }
  const sends = [];
  for (let round = 0; round < deliveries; round++) {
    for (const agent of prepared) {
      sends.push(() =>
        call(port, {
          method: 'POST',
          path: '/api/transmissions',
          cookie: farmCookie,
          body: { type: 'farm_to_market', marketAgentId: agent.marketAgentId, quantity: crates },
        }),
      );
    }
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < sends.length) await sends[next++]();
    }),
  );
  return prepared;
}

/**
 * The rush itself: each of `agents` (from prepareRush) acknowledges everything incoming, then makes
 * `loans` loans of `lend` crates round its clients; starts spread over the first `spreadMs`, `thinkMs`
 * (±50 %) between two actions. Resolves when every agent is done, with the writes' latencies and
 * failures (a status ≥ 300 or no answer), the phones' reads apart.
 */
export async function runRush(port, { agents, loans, lend, thinkMs, spreadMs }) {
  const writes = [];
  const reads = [];
  const failures = {};
  let errors = 0;
  const errorSamples = new Set();
  const byKind = { acknowledge: [], lend: [] };
  const note = (list, res, kind) => {
    list.push(res.ms);
    if (kind) byKind[kind].push(res.ms);
    if (res.status === 0 || res.status >= 300) {
      errors++;
      const key = res.status || 'no answer';
      failures[key] = (failures[key] ?? 0) + 1;
      if (errorSamples.size < 5) errorSamples.add(`${res.status} ${res.error ?? res.body?.toString().slice(0, 160)}`);
    }
    return res;
  };
  const pause = () => sleep(thinkMs * (0.5 + Math.random()));
  const started = performance.now();
  const finishedAt = [];
  const one = async (agent) => {
    // One phone: a keep-alive connection of its own.
    const phone = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await sleep(Math.random() * spreadMs);
      const res = note(
        reads,
        await request(port, { path: '/api/transmissions/incoming?limit=500', cookie: agent.cookie }, phone),
      );
      const incoming = res.status === 200 ? JSON.parse(res.body.toString()) : [];
      for (const t of incoming) {
        await pause();
        const write = {
          method: 'PUT',
          path: `/api/transmissions/${t.id}/acknowledge`,
          cookie: agent.cookie,
          body: { actualQuantity: t.quantity },
          headers: { 'idempotency-key': randomUUID() },
        };
        note(writes, await request(port, write, phone), 'acknowledge');
      }
      for (let i = 0; i < loans; i++) {
        await pause();
        const write = {
          method: 'POST',
          path: '/api/client-transactions',
          cookie: agent.cookie,
          body: { clientId: agent.clients[i % agent.clients.length], quantityBorrowed: lend },
          headers: { 'idempotency-key': randomUUID() },
        };
        note(writes, await request(port, write, phone), 'lend');
      }
    } finally {
      phone.destroy();
      finishedAt.push(performance.now() - started);
    }
  };
  await Promise.all(agents.map(one));
  const seconds = (performance.now() - started) / 1000;
  return {
    agents: agents.length,
    seconds,
    lastAgentDoneAfter: Math.max(...finishedAt) / 1000,
    writes: writes.length,
    writesPerSecond: writes.length / seconds,
    latency: summarize(writes),
    acknowledgements: summarize(byKind.acknowledge),
    loans: summarize(byKind.lend),
    phoneReads: summarize(reads),
    errors,
    failures,
    errorSamples: [...errorSamples],
  };
}
