// CSV files the farm downloads (the audit trail, the exports, the payout file): RFC 4180 with CRLF,
// UTF-8 with a byte-order mark so a spreadsheet reads names with accents right, and every cell a
// spreadsheet would run as a formula neutralised. Big files stream a batch of rows at a time.
import { Readable } from 'node:stream';
import { type Options, stringify } from 'csv-stringify';
import type { FastifyBaseLogger } from 'fastify';

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (OWASP CSV injection). */
export const csvCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The options every file shares: a byte-order mark, CRLF, quotes only where RFC 4180 needs them. */
export const CSV_OPTIONS = { bom: true, record_delimiter: 'windows' } as const satisfies Options;

/** 2026-11-25 11:47:03 +02:00: the farm's wall clock with its offset, unambiguous in a spreadsheet. */
export function farmTimestamp(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const offset = part('timeZoneName').replace(/^GMT$/, 'GMT+00:00').replace('GMT', '');
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')} ${offset}`;
}

/**
 * Every row of a keyset-paged query: `page(after, limit)` gives up to `limit` rows with id > `after`,
 * ascending. A page is asked for only when the reader wants more, so a million rows never sit in memory.
 */
export async function* keysetRows<R extends { id: number }>(
  page: (after: number, limit: number) => Promise<R[]>,
  batch: number,
): AsyncGenerator<R> {
  let after = 0;
  for (;;) {
    const rows = await page(after, batch);
    yield* rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1].id;
  }
}

/**
 * A CSV file streamed from `rows` (text cells; each is neutralised here): the header, then one record
 * per row, read only as fast as the reply is written. A failure part-way is logged and ends the reply.
 */
export function csvStream(
  columns: readonly string[],
  rows: AsyncIterable<readonly string[]>,
  log: FastifyBaseLogger,
  what: string,
): Readable {
  const csv = stringify({ ...CSV_OPTIONS, header: true, columns: [...columns] });
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) yield row.map(csvCell);
    })(),
  );
  source.on('error', (err) => {
    log.error({ err }, `the ${what} CSV stopped part-way`);
    csv.destroy(err);
  });
  return source.pipe(csv);
}
