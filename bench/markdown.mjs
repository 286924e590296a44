// The tables of docs/performance.md from bench results (bench/results/*.json), against their
// targets. bench/api.mjs prints them after each run; to refresh the document after new runs:
//
//   node bench/markdown.mjs            # prints the tables of every saved result
//   node bench/markdown.mjs --write    # replaces them in docs/performance.md, between the
//                                      # <!-- bench:<result> --> … <!-- /bench:<result> --> markers
//
// Results: pglite-small, postgres-big, postgres-small (for the scaling table), …-busy-week.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TARGETS = {
  ratio: 0.25,
  readP99: 25,
  dashboardP99: 50,
  documentMs: 2000,
  /** Each insight read straight from the database (decision 078). */
  coldP99: 200,
  scaling: 1.5,
  rssMB: 300,
  startMs: 3000,
  // Decision 080: the writes against pgbench's tpcb-like in the same run (PostgreSQL), their p99.
  writeRatio: 0.5,
  writeP99: { postgres: 250, pglite: 500 },
  rushP99: 500,
};

const thin = (n) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
const ms = (v) => (v === null || v === undefined ? '–' : v < 10 ? `${v.toFixed(1)} ms` : `${thin(v)} ms`);
const mb = (bytes) => `${Math.round(bytes / 2 ** 20)} MB`;
const times = (v) => (v >= 0.1 ? v.toFixed(2) : v >= 0.01 ? v.toFixed(3) : v.toFixed(4));
const yes = '✓';
/** ✓, or ✗ with how far off: `within` targets (≤) allow the limit itself, the others (<) do not. */
const by = (value, target, higherIsBetter = false, within = false) => {
  const ok = higherIsBetter ? value >= target : within ? value <= target : value < target;
  if (ok) return yes;
  return higherIsBetter ? `✗ (${times(value / target)}× the target)` : `✗ (${times(value / target)}× the limit)`;
};

function table(head, rows, align) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(head), `|${align.map((a) => (a === 'r' ? '--:' : '---')).join('|')}|`, ...rows.map(line)].join('\n');
}

function describe(result) {
  const m = result.machine;
  const db = result.database;
  const counts = db.counts
    ? `${thin(db.counts.transmissions)} transmissions, ${thin(db.counts.client_transactions)} loans, ${thin(db.counts.crate_movements)} ledger movements`
    : `${thin(db.plan.transmissions)} transmissions, ${thin(db.plan.loans)} loans`;
  return [
    `${db.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${db.size} farm${db.shape === 'busy-week' ? ' (busy week)' : ''}: ${db.plan.agents} agents, ${thin(db.plan.agents * db.plan.clientsPerAgent)} clients, ${counts}.`,
    `${m.cores} cores (${m.cpu}), ${m.memoryGB} GB, Node ${m.node}, ${m.os}; load average ${m.loadAverageAtStart.join(' ')} at the start, ${(m.loadAverageAtEnd ?? []).join(' ')} at the end.`,
    `${result.date.slice(0, 16).replace('T', ' ')} UTC, \`${result.command}\`, ${result.connections} connections, ${result.durationSeconds} s per row.`,
  ].join('  \n');
}

function readsTable(result) {
  const bare = result.rows.find((r) => r.name.startsWith('bare node:http'));
  const rows = result.rows
    .filter((r) => r.group !== 'writes')
    .map((r) => {
      const ratio = bare ? r.requestsPerSecond / bare.requestsPerSecond : null;
      const misses = [
        ratio !== null && ratio < TARGETS.ratio ? 'ratio' : null,
        r.latency.p99 >= TARGETS.readP99 ? 'p99' : null,
        r.errors > 0 ? 'errors' : null,
      ].filter(Boolean);
      const target = r.hot ? (misses.length ? `✗ ${misses.join(', ')}` : yes) : '';
      return [
        `${r.hot ? '' : '*'}${r.name}${r.hot ? '' : '*'}`,
        thin(r.requestsPerSecond),
        ms(r.latency.p50),
        ms(r.latency.p99),
        String(r.errors),
        ratio === null ? '–' : times(ratio),
        target,
      ];
    });
  if (rows.length === 0) return '';
  return table(
    ['read', 'req/s', 'p50', 'p99', 'errors', '× bare node', 'targets (≥ 0.25×, p99 < 25 ms, 0 errors)'],
    rows,
    ['l', 'r', 'r', 'r', 'r', 'r', 'l'],
  );
}

function writesTable(result) {
  const p = result.pgbench;
  const kind = result.database.kind;
  const p99Limit = TARGETS.writeP99[kind] ?? TARGETS.writeP99.postgres;
  const target = (r) => {
    const misses = [
      p?.tps && r.requestsPerSecond / p.tps < TARGETS.writeRatio ? 'ratio' : null,
      r.latency.p99 >= p99Limit ? 'p99' : null,
      r.errors > 0 ? 'errors' : null,
    ].filter(Boolean);
    return misses.length ? `✗ ${misses.join(', ')}` : yes;
  };
  const writes = result.rows.filter((r) => r.group === 'writes');
  const rows = writes.map((r) => [
    r.name,
    thin(r.requestsPerSecond / 2),
    thin(r.requestsPerSecond),
    ms(r.latency.p50),
    ms(r.latency.p99),
    String(r.errors),
    ...(p?.tps ? [times(r.requestsPerSecond / p.tps)] : []),
    target(r),
  ]);
  const busy = result.busyWeek
    ? [
        [
          `busy week: ${thin(result.busyWeek.requests)} pending deliveries acknowledged (PUT …/acknowledge)`,
          '–',
          thin(result.busyWeek.requestsPerSecond),
          ms(result.busyWeek.latency.p50),
          ms(result.busyWeek.latency.p99),
          String(result.busyWeek.errors),
          ...(p?.tps ? ['–'] : []),
          '',
        ],
      ]
    : [];
  if (rows.length + busy.length === 0) return '';
  const yardstick = p?.tps
    ? [
        [
          `*${p.command}, scale 1 (same server, just before; load average ${p.loadAverageAtStart.join(' ')})*`,
          '–',
          `${thin(p.tps)} tps`,
          `${ms(p.latencyAverageMs)} (mean)`,
          '–',
          String(p.failed),
          '1.00',
          '',
        ],
      ]
    : [];
  const mix =
    p?.tps && writes.length
      ? `\n\nThe write mix (both rows, each request one transaction): ${times(
          writes.reduce((sum, r) => sum + r.requestsPerSecond, 0) / writes.length / p.tps,
        )} × pgbench's transactions per second.`
      : '';
  const targets = p?.tps
    ? `targets (≥ ${TARGETS.writeRatio}× pgbench, p99 < ${p99Limit} ms, 0 errors)`
    : `targets (p99 < ${p99Limit} ms, 0 errors)`;
  return (
    table(
      ['write', 'pairs/s', 'req/s', 'p50', 'p99', 'errors', ...(p?.tps ? ['× pgbench'] : []), targets],
      [...yardstick, ...rows, ...busy],
      ['l', 'r', 'r', 'r', 'r', 'r', ...(p?.tps ? ['r'] : []), 'l'],
    ) + mix
  );
}

function rushTable(result) {
  const r = result.rush;
  if (!r) return '';
  const d = r.dashboards;
  const misses = [
    r.latency.p99 >= TARGETS.rushP99 ? 'writes p99' : null,
    (d.latency.p99 ?? Number.POSITIVE_INFINITY) >= TARGETS.dashboardP99 ? 'dashboards p99' : null,
    r.errors + d.errors > 0 ? 'errors' : null,
    r.invariant.ok ? null : 'invariant',
    r.lastAgentDoneAfter > r.seconds ? 'took too long' : null,
  ].filter(Boolean);
  return table(
    [
      'morning rush',
      'writes',
      'writes p50',
      'writes p99',
      'errors',
      'dashboards p50',
      'dashboards p99',
      'dashboards errors',
      'invariant',
      `targets (writes p99 < ${TARGETS.rushP99} ms, dashboards p99 < ${TARGETS.dashboardP99} ms, 0 errors, the invariant)`,
    ],
    [
      [
        `${r.agents} agents: ${r.deliveries} deliveries acknowledged and ${r.loans} loans each, ${r.thinkMs} ms between actions, starting within ${Math.round(r.spread * r.seconds)} s; ${thin(d.dashboards)} dashboards; every agent done after ${Math.round(r.lastAgentDoneAfter)} s of ${r.seconds}`,
        thin(r.writes),
        ms(r.latency.p50),
        ms(r.latency.p99),
        String(r.errors),
        ms(d.latency.p50),
        ms(d.latency.p99),
        String(d.errors),
        r.invariant.ok ? 'holds' : `broken (${r.invariant.problems.length})`,
        misses.length ? `✗ ${misses.join(', ')}` : yes,
      ],
    ],
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l', 'l'],
  );
}

function dashboardsTable(result) {
  const d = result.dashboards;
  if (!d) return '';
  const summary = table(
    ['dashboards', 'offered', 'answered', 'p50', 'p99', '304', 'errors', 'polls skipped', 'target p99 < 50 ms'],
    [
      [
        `${thin(d.dashboards)} (${d.farmDashboards} farm store, ${d.agentDashboards} agents), ${Math.round(d.seconds)} s`,
        `${thin(d.offeredPerSecond)} req/s`,
        `${thin(d.requestsPerSecond)} req/s`,
        ms(d.latency.p50),
        ms(d.latency.p99),
        `${Math.round((100 * d.notModified) / Math.max(1, d.latency.count))} %`,
        String(d.errors),
        thin(d.skippedPolls),
        by(d.latency.p99 ?? Number.POSITIVE_INFINITY, TARGETS.dashboardP99),
      ],
    ],
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
  );
  const paths = table(
    ['polled', 'requests', '304', 'p50', 'p99'],
    Object.entries(d.byPath)
      .sort(([, a], [, b]) => (b.p50 ?? 0) - (a.p50 ?? 0))
      .map(([path, s]) => [
        path,
        thin(s.count),
        s.notModified === undefined ? '–' : `${Math.round((100 * s.notModified) / Math.max(1, s.count))} %`,
        ms(s.p50),
        ms(s.p99),
      ]),
    ['l', 'r', 'r', 'r', 'r'],
  );
  const note = d.generator
    ? `The simulated browsers' own process used ${Math.round(100 * d.generator.cpuShareOfOneCore)} % of a core; its event loop lagged up to ${ms(d.generator.eventLoopDelayP99)} (p99).${d.unfinished ? ` ${thin(d.unfinished)} requests still unanswered two minutes after the end were cut.` : ''}${
        d.errors
          ? ` Errors: ${d.errorSamples.join('; ')}${d.resetsOnReusedSockets === undefined ? '' : ` (${thin(d.resetsOnReusedSockets)} of them resets of a kept-alive connection, which a browser retries)`}.`
          : ''
      }`
    : '';
  return `${summary}\n\n${note ? `${note}\n\n` : ''}<details><summary>Per polled read</summary>\n\n${paths}\n\n</details>`;
}

function coldTable(result) {
  if (!result.cold?.length) return '';
  return table(
    ['insight straight from the database', 'runs', 'p50', 'p99', 'slowest', 'errors', 'target p99 < 200 ms'],
    result.cold.map((c) => [
      c.name,
      String(c.runs),
      ms(c.p50),
      ms(c.p99),
      ms(c.max),
      String(c.errors),
      c.errors ? '✗ errors' : by(c.p99, TARGETS.coldP99),
    ]),
    ['l', 'r', 'r', 'r', 'r', 'r', 'l'],
  );
}

function documentsTable(result) {
  if (!result.documents) return '';
  return table(
    ['document', 'runs', 'p50', 'slowest', 'size', 'errors', 'target < 2 s'],
    result.documents.map((d) => [
      d.name,
      d.runs.map((v) => thin(v)).join(', '),
      ms(d.p50),
      ms(d.max),
      `${thin(d.bytes / 1024)} KB`,
      String(d.errors),
      by(d.max, TARGETS.documentMs),
    ]),
    ['l', 'l', 'r', 'r', 'r', 'r', 'l'],
  );
}

function eventsTable(result) {
  const e = result.events;
  if (!e) return '';
  return table(
    ['change', 'POST answered', 'first stream', 'median stream', 'last stream', 'streams that heard it'],
    e.rounds.map((r, i) => [
      String(i + 1),
      ms(r.answered),
      ms(r.first),
      ms(r.p50),
      ms(r.last),
      `${thin(r.heard)} of ${thin(e.streams)}`,
    ]),
    ['r', 'r', 'r', 'r', 'r', 'r'],
  );
}

function resourcesTable(result) {
  const rows = [];
  if (result.memory) {
    const parts = Object.entries(result.memory.rssPeakByPart)
      .map(([part, bytes]) => `${part} ${mb(bytes)}`)
      .join(', ');
    rows.push([
      'app memory: peak resident set under load',
      `${mb(result.memory.rssPeak)} (${parts})`,
      by(result.memory.rssPeak / 2 ** 20, TARGETS.rssMB),
    ]);
    rows.push([
      'app heap + buffers after a full GC, start → end',
      `${mb(result.memory.heapAtStart)} → ${mb(result.memory.heapAtEnd)}${result.events ? `; ${mb(result.events.heapWithStreams)} with ${thin(result.events.streams)} streams open` : ''}`,
      '',
    ]);
  }
  if (result.start?.error) {
    rows.push(['`npm start` on this database until listening', `failed: ${result.start.error}`, '✗']);
  } else if (result.start) {
    rows.push([
      '`npm start` on this database until listening',
      `${thin(result.start.ms)} ms${result.start.built ? ' (it built the client first: its sources kept changing)' : ''}${
        result.start.runs.length > 1
          ? `; earlier starts that built the client first: ${result.start.runs
              .slice(0, -1)
              .map((r) => `${thin(r.ms)} ms`)
              .join(', ')}`
          : ''
      }`,
      by(result.start.ms, TARGETS.startMs),
    ]);
  }
  return rows.length ? table(['measure', 'value', 'target'], rows, ['l', 'l', 'l']) : '';
}

/** One run's tables, as docs/performance.md shows them. */
export function renderRun(result) {
  return [
    describe(result),
    readsTable(result),
    coldTable(result),
    writesTable(result),
    documentsTable(result),
    dashboardsTable(result),
    rushTable(result),
    eventsTable(result),
    resourcesTable(result),
    "*In italics: reads the dashboards also poll, outside the issue's list of hot reads (no target).*",
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** A run's requests per second of a row as a share of the same run's bare node:http. */
const shareOfBare = (result, row) => {
  const bare = result.rows.find((r) => r.name.startsWith('bare node:http'));
  return bare ? row.requestsPerSecond / bare.requestsPerSecond : null;
};

/**
 * Each hot read at the big size against the small one, same database kind: the scaling target. The
 * two runs are minutes apart on a shared machine, so beside the raw p50s the table compares each
 * read's cost relative to its own run's bare node:http, which takes the machine's load out.
 */
export function renderScaling(small, big) {
  const rows = big.rows
    .filter((r) => r.hot)
    .map((b) => {
      const s = small.rows.find((r) => r.name === b.name);
      if (!s) return null;
      const ratio = b.latency.p50 / s.latency.p50;
      const shareSmall = shareOfBare(small, s);
      const shareBig = shareOfBare(big, b);
      const cost = shareSmall && shareBig ? shareSmall / shareBig : null;
      return [
        b.name,
        ms(s.latency.p50),
        ms(b.latency.p50),
        times(ratio),
        cost === null ? '–' : times(cost),
        ms(s.latency.p99),
        ms(b.latency.p99),
        `${by(ratio, TARGETS.scaling, false, true)}${cost === null ? '' : ` / ${by(cost, TARGETS.scaling, false, true)}`}`,
      ];
    })
    .filter(Boolean);
  const kind = big.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const bare = (r) => thin(r.rows.find((x) => x.name.startsWith('bare node:http'))?.requestsPerSecond ?? 0);
  return [
    `${kind}: ${thin(small.database.plan.transmissions)} transmissions (${small.date.slice(0, 16).replace('T', ' ')}, bare node:http ${bare(small)} req/s) against ${thin(big.database.plan.transmissions)} (${big.date.slice(0, 16).replace('T', ' ')}, bare node:http ${bare(big)} req/s), ${big.connections} connections. *Cost* is the big run's time per request relative to its bare node:http, over the same for the small run.`,
    table(
      [
        'hot read',
        'p50 small',
        'p50 big',
        'p50 big ÷ small',
        'cost big ÷ small',
        'p99 small',
        'p99 big',
        'target ≤ 1.5× (p50 / cost)',
      ],
      rows,
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
    ),
  ].join('\n\n');
}

// ---- CLI ----
const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const dir = join(root, 'bench', 'results');
  const results = Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.json') && f !== 'latest.json' && /^(pglite|postgres)-/.test(f))
      .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(join(dir, f), 'utf8'))]),
  );
  const sections = Object.entries(results).map(([key, result]) => [key, renderRun(result)]);
  if (results['postgres-small'] && results['postgres-big']) {
    sections.push(['scaling', renderScaling(results['postgres-small'], results['postgres-big'])]);
  }
  if (process.argv.includes('--write')) {
    const doc = join(root, 'docs', 'performance.md');
    if (!existsSync(doc)) throw new Error('docs/performance.md is missing');
    let text = readFileSync(doc, 'utf8');
    for (const [key, body] of sections) {
      const start = `<!-- bench:${key} -->`;
      const end = `<!-- /bench:${key} -->`;
      const a = text.indexOf(start);
      const b = text.indexOf(end);
      if (a === -1 || b === -1) {
        console.warn(`docs/performance.md has no ${start} … ${end} section; ${key} left out`);
        continue;
      }
      text = `${text.slice(0, a + start.length)}\n${body}\n${text.slice(b)}`;
    }
    writeFileSync(doc, text);
    console.log(`docs/performance.md: ${sections.map(([k]) => k).join(', ')} rewritten`);
  } else {
    for (const [key, body] of sections) console.log(`## ${key}\n\n${body}\n`);
  }
}
