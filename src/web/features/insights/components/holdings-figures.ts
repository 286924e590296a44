// The weekly holdings as the chart, the table and the CSV show them: one list of series in one order,
// so the three always say the same figures (decision 070); the CSV and week labels every chart uses.

import dayjs from 'dayjs';
import { type HoldingKind, type HoldingsWeek, holdingKinds } from '../../../../shared/insights.ts';
import { saveBlob } from '../../../lib/api-client.ts';

/** Each series' catalogue key and colour, in the chart's stacking order (bottom first). */
export const holdingSeries: readonly { kind: HoldingKind; label: string; color: string }[] = [
  { kind: 'farm', label: 'insights.farm', color: 'green.6' },
  { kind: 'inTransit', label: 'insights.inTransit', color: 'blue.5' },
  { kind: 'agentsFull', label: 'insights.agentsFull', color: 'orange.5' },
  { kind: 'agentsEmpty', label: 'insights.agentsEmpty', color: 'yellow.5' },
  { kind: 'atClients', label: 'insights.atClients', color: 'grape.5' },
  { kind: 'withSuppliers', label: 'insights.withSuppliers', color: 'teal.5' },
  { kind: 'missing', label: 'insights.missing', color: 'red.7' },
  { kind: 'damaged', label: 'insights.damaged', color: 'gray.6' },
];

/** A CSV field: quoted when it holds a comma, a quote or a line break. */
const field = (value: string | number) => {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Lines of fields as CSV text, each line ended by CRLF. */
export function csvText(lines: readonly (readonly (string | number)[])[]) {
  return `${lines.map((line) => line.map(field).join(',')).join('\r\n')}\r\n`;
}

/**
 * The CSV of the figures: a header of `headers` (the week's, each series', the total's), then one line
 * per week with its Monday as YYYY-MM-DD.
 */
export function holdingsCsv(weeks: readonly HoldingsWeek[], headers: { week: string; kinds: string[]; total: string }) {
  const lines = [[headers.week, ...headers.kinds, headers.total]];
  for (const w of weeks) lines.push([w.weekStart, ...holdingKinds.map((k) => String(w[k])), String(w.total)]);
  return csvText(lines);
}

/** "3 Nov": a week's Monday on a chart's axis, in the language shown (`t` gives `dates.months`). */
export function weekLabel(t: (key: string) => string, weekStart: string) {
  const day = dayjs(weekStart);
  return `${day.date()} ${t('dates.months').split(' ')[day.month()]}`;
}

/** Offers `text` to the browser as a file download. */
export function saveText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  saveBlob(new Blob([text], { type }), fileName);
}
