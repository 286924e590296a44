// The price history export: one self-contained, printable HTML page (no scripts, no external
// resources) with a chart and a table per variety. Every value goes through the escaping html tag.
import dayjs from 'dayjs';
import { formatRand } from '../../../shared/money.ts';
import {
  type HistoryPoint,
  historyByVariety,
  type PepperPricing,
  rangeStart,
  trendDirection,
} from '../../../shared/pricing.ts';
import { html, printableDocument, SafeHtml } from '../../lib/html.ts';

export type PriceReportInput = {
  months: number;
  today: string;
  generatedAt: Date;
  timeZone: string;
  current: Pick<PepperPricing, 'variety' | 'pricePerCrate' | 'availability' | 'description'>[];
  history: HistoryPoint[];
};

export const reportFilename = (months: number, today: string) => `pepper-price-history-${months}-months-${today}.html`;

const longDate = (day: string) => dayjs(day).format('D MMM YYYY');
const directionLabel = { up: '▲ up', down: '▼ down', stable: '▬ stable' } as const;

const CHART = { width: 640, height: 220, left: 84, right: 16, top: 16, bottom: 36 };

/** A line chart of one variety's prices, drawn as inline SVG (dates on x, rand on y). */
export function priceChart(variety: string, points: HistoryPoint[]): SafeHtml {
  const { width, height, left, right, top, bottom } = CHART;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const days = points.map((p) => dayjs(p.effectiveDate).valueOf());
  const firstDay = days[0];
  const spanDays = Math.max(days[days.length - 1] - firstDay, 1);
  const prices = points.map((p) => p.pricePerCrate);
  let low = Math.min(...prices);
  let high = Math.max(...prices);
  if (low === high) {
    low = Math.max(0, low - 1000);
    high += 1000;
  }
  const x = (day: number) => left + (points.length === 1 ? plotW / 2 : ((day - firstDay) / spanDays) * plotW);
  const y = (cents: number) => top + plotH - ((cents - low) / (high - low)) * plotH;
  const coords = points.map((p, i) => `${x(days[i]).toFixed(1)},${y(p.pricePerCrate).toFixed(1)}`);
  const label = `${variety}: price per crate from ${formatRand(prices[0])} on ${longDate(points[0].effectiveDate)} to ${formatRand(prices[prices.length - 1])} on ${longDate(points[points.length - 1].effectiveDate)}`;

  return html`<svg class="chart" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${label}" xmlns="http://www.w3.org/2000/svg">
  <line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotH}" class="axis"/>
  <line x1="${left}" y1="${top + plotH}" x2="${left + plotW}" y2="${top + plotH}" class="axis"/>
  <line x1="${left}" y1="${top}" x2="${left + plotW}" y2="${top}" class="grid"/>
  <text x="${left - 8}" y="${top + 4}" text-anchor="end">${formatRand(high)}</text>
  <text x="${left - 8}" y="${top + plotH + 4}" text-anchor="end">${formatRand(low)}</text>
  <text x="${left}" y="${height - 10}" text-anchor="start">${longDate(points[0].effectiveDate)}</text>
  <text x="${left + plotW}" y="${height - 10}" text-anchor="end">${longDate(points[points.length - 1].effectiveDate)}</text>
  <polyline points="${coords.join(' ')}" class="line"/>
  ${coords.map((c) => {
    const [cx, cy] = c.split(',');
    return html`<circle cx="${cx}" cy="${cy}" r="2.5" class="dot"/>`;
  })}
</svg>`;
}

function varietySection(variety: string, points: HistoryPoint[]): SafeHtml {
  const first = points[0].pricePerCrate;
  const last = points[points.length - 1].pricePerCrate;
  // Tenths of a percent in integers; only the display divides.
  const changeTenths = Math.round(((last - first) * 1000) / first);
  const change = `${changeTenths > 0 ? '+' : ''}${(changeTenths / 10).toFixed(1)}%`;
  return html`<section class="variety">
  <h2>${variety}</h2>
  <p class="summary">${formatRand(first)} → ${formatRand(last)} (${change}) · latest trend: ${directionLabel[trendDirection(points)]} · ${points.length} price point${points.length === 1 ? '' : 's'}</p>
  ${priceChart(variety, points)}
  <table>
    <thead><tr><th scope="col">Effective date</th><th scope="col" class="num">Price per crate</th></tr></thead>
    <tbody>
      ${points.map((p) => html`<tr><td>${longDate(p.effectiveDate)}</td><td class="num">${formatRand(p.pricePerCrate)}</td></tr>`)}
    </tbody>
  </table>
</section>`;
}

// Our own constant CSS, so it is SafeHtml: escaping it would turn 'Segoe UI' into &#39;Segoe UI&#39;
// and break the font-family rule. It must never contain "</style".
const styles = new SafeHtml(`
  body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1f2a1f; margin: 2rem auto; max-width: 760px; padding: 0 1rem; }
  h1 { font-size: 1.6rem; margin-bottom: 0.25rem; }
  h2 { font-size: 1.2rem; margin: 0 0 0.25rem; color: #2f6b2f; }
  .meta, .summary { color: #4a564a; margin-top: 0; }
  table { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1.5rem; font-size: 0.9rem; }
  th, td { border-bottom: 1px solid #d8e0d8; padding: 0.3rem 0.5rem; text-align: left; }
  th { background: #f0f5f0; }
  .num { text-align: right; font-variant-numeric: tabular-nums; }
  .chart { width: 100%; height: auto; display: block; margin: 0.5rem 0; }
  .chart text { font-size: 11px; fill: #4a564a; }
  .chart .axis { stroke: #8a968a; stroke-width: 1; }
  .chart .grid { stroke: #e3e9e3; stroke-width: 1; }
  .chart .line { fill: none; stroke: #c0392b; stroke-width: 2; }
  .chart .dot { fill: #c0392b; }
  .variety { break-inside: avoid-page; margin-top: 2rem; }
  .empty { color: #4a564a; font-style: italic; }
  @media print { body { margin: 0; max-width: none; } .variety { break-before: auto; } }
`);

export function renderPriceReport(input: PriceReportInput): string {
  const groups = historyByVariety(input.history);
  const title = `Pepper price history: last ${input.months} months`;
  const generated = new Intl.DateTimeFormat('en-ZA', {
    timeZone: input.timeZone,
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(input.generatedAt);
  return printableDocument(
    title,
    styles,
    html`<p class="meta">Price per crate in rand, from ${longDate(rangeStart(input.today, input.months))} to ${longDate(input.today)}. Generated ${generated}.</p>
<h2>Current prices</h2>
<table>
  <thead><tr><th scope="col">Variety</th><th scope="col">Availability</th><th scope="col" class="num">Price per crate</th></tr></thead>
  <tbody>
    ${input.current.map((c) => html`<tr><td>${c.variety}</td><td>${c.availability}</td><td class="num">${formatRand(c.pricePerCrate)}</td></tr>`)}
  </tbody>
</table>
${
  groups.size === 0
    ? html`<p class="empty">No price changes were recorded in this period.</p>`
    : [...groups].map(([variety, points]) => varietySection(variety, points))
}`,
  );
}
