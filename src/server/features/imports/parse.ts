// Reading an uploaded sheet (decision 050): CSV with csv-parse (UTF-8 with or without a byte-order
// mark, or Windows-1252 from an older spreadsheet; comma, semicolon or tab), XLSX with read-excel-file
// (its first sheet). Either way: the header row and the rows below it as text, each with its line.
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { IMPORT_MAX_ROWS, importMessages } from '../../../shared/imports.ts';
import { badRequest } from '../../lib/http-error.ts';
import { checkArchive } from './archive-limits.ts';

export type Sheet = { headers: string[]; rows: { line: number; cells: string[] }[] };

const isZip = (bytes: Buffer) => bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03;

function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The delimiter the header line uses most: comma, semicolon (a European spreadsheet) or tab. */
function delimiterOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, first.split(d).length] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
}

/** Keeps the header row (the first with any text) and the non-blank rows below it, with their lines. */
function toSheet(grid: string[][]): Sheet {
  const start = grid.findIndex((row) => row.some((c) => c !== ''));
  if (start < 0) throw badRequest(importMessages.empty);
  const headers = grid[start];
  const rows = grid
    .slice(start + 1)
    .map((cells, i) => ({ line: start + i + 2, cells }))
    .filter((r) => r.cells.some((c) => c !== ''));
  if (rows.length === 0) throw badRequest(importMessages.empty);
  if (rows.length > IMPORT_MAX_ROWS) throw badRequest(importMessages.tooManyRows);
  return { headers, rows };
}

export async function readUpload(bytes: Buffer, fileName: string): Promise<Sheet> {
  if (isZip(bytes) || /\.xlsx$/i.test(fileName)) {
    if (!(await checkArchive(bytes)).ok) throw badRequest(importMessages.unpacksTooFar);
    let data: unknown[][];
    try {
      data = (await readSheet(bytes)) as unknown[][];
    } catch {
      throw badRequest(importMessages.unreadable);
    }
    return toSheet(data.map((row) => row.map(cellText)));
  }
  const text = decodeText(bytes);
  if (text.includes('\u0000')) throw badRequest(importMessages.unreadable);
  let grid: string[][];
  try {
    grid = parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
    }) as string[][];
  } catch {
    throw badRequest(importMessages.unreadable);
  }
  return toSheet(grid);
}
