// The report as a PDF (pdfkit, no browser): period, totals with their change against the previous
// period, billing (billed, unbilled, paid, owed: sums of billing lines and payments), a bar chart of
// crates delivered and returned, the flow analysis, the per-agent table, and damaged crates apart from
// missing ones (decision 056). A report for one agent (the one e-mailed to it) carries that agent's
// figures only: no farm-wide count of agents.
// Black on white with one accent colour and patterns that survive a black-and-white printer.
//
// A document that travels (decision 049): its fonts are embedded (DejaVu Sans, TrueType, from the
// dejavu-fonts-ttf package, subset to the glyphs used), so it reads the same on any reader and prints
// names in any Latin, Greek or Cyrillic script; it is tagged (headings, paragraphs, tables, the chart a
// figure with its words, rules and page footers artifacts) with its language and a title naming the
// farm, the report and the period, which a reader shows instead of the file name.
import type { Language } from '../../../shared/i18n/languages.ts';
import { formatRandDecimal } from '../../../shared/money.ts';
import type { ReportSummary } from '../../../shared/reports.ts';
import { type Translator, translatorFor } from '../../lib/i18n.ts';
import {
  ACCENT,
  addToStructure,
  artifact,
  BOLD,
  INK,
  MUTED,
  openTaggedDocument,
  REGULAR,
  RULE,
  tag,
  write,
} from '../../lib/pdf.ts';
import { longDate, periodText } from './emails.ts';

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 24;

/** The reader's words, per document (decision 065): English unless the document was opened for another. */
const speakers = new WeakMap<PDFKit.PDFDocument, Translator>();
const ENGLISH = translatorFor('en');
/** The message `key` in the document's language. */
const say = (doc: PDFKit.PDFDocument, key: string, values?: Record<string, string | number>) =>
  (speakers.get(doc) ?? ENGLISH).t(`mail.${key}`, values);

const signed = (n: number) => `${n > 0 ? '+' : ''}${n}`;
const changeText = (doc: PDFKit.PDFDocument, change: number | null, points = false) => {
  if (change === null) return say(doc, 'pdfNoEarlierData');
  const shown = points ? say(doc, 'pdfPoints', { change: signed(change) }) : `${signed(change)}%`;
  return say(doc, 'pdfVsLastPeriod', { change: shown });
};

/** `language`: the reader's (the agent a report is e-mailed to); English when not given. */
type PdfOptions = { title: string; timeZone: string; farmName: string; language?: Language };

/** The document's title: the farm, the report and its period (what a reader shows in its title bar). */
export const pdfTitle = (
  summary: ReportSummary,
  options: Pick<PdfOptions, 'title' | 'farmName'>,
  tr: Translator = ENGLISH,
) => `${options.farmName}: ${options.title}, ${periodText(summary.period, tr)}`;

/**
 * A tagged, accessible A4 document in the report's fonts, and its bytes once it ends. pdfkit and its
 * fonts load with the first document, not at start (~0.3 s of `npm start`, decision 034).
 */
async function openTaggedA4(info: { Title: string; Author: string; Subject: string }, language: Language = 'en') {
  const opened = await openTaggedDocument({ info, language, margin: PAGE.margin });
  speakers.set(opened.doc, translatorFor(language));
  return opened;
}

export async function renderReportPdf(summary: ReportSummary, options: PdfOptions): Promise<Buffer> {
  const tr = translatorFor(options.language);
  const { doc, structure, finished } = await openTaggedA4(
    {
      Title: pdfTitle(summary, options, tr),
      Author: options.farmName,
      Subject: `${options.title}, ${periodText(summary.period, tr)}`,
    },
    tr.language,
  );
  drawHeader(doc, summary, options);
  drawTotals(doc, summary);
  drawBilling(doc, summary);
  const perBar = summary.chart.bucketDays;
  const unit = perBar === 1 ? 'Day' : perBar === 7 ? 'Week' : 'Fortnight'; // i18n-ignore: key suffixes
  heading(doc, say(doc, `pdfPer${unit}`));
  tag(doc, 'Figure', () => drawChart(doc, summary), { alt: chartAlt(doc, summary, say(doc, `pdfUnit${unit}`)) });
  drawFlow(doc, summary);
  drawAgents(doc, summary);
  drawWriteOffs(doc, summary);
  structure.end();
  drawFooters(doc, summary, options);
  doc.end();
  return finished;
}

/** A short document of figures (a monthly crate statement, decision 064): title, lines, one table. */
export type FiguresDocument = {
  /** The document's title (its /Title, first line and footer). */
  title: string;
  /** Lines under the title: who, which period, its status. */
  lines: string[];
  columns: [string, string];
  rows: [string, string][];
  /** Paragraphs after the table (a dispute and its answer). */
  notes: string[];
  farmName: string;
  /** The reader's language (its page footers); English when not given. */
  language?: Language;
};

/** "Title. Page 1 of 2" under every page, as artifacts. */
function drawTitleFooters(doc: PDFKit.PDFDocument, title: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    doc.font(REGULAR).fontSize(8).fillColor(MUTED);
    const footer = say(doc, 'pdfFooter', { title, page: String(i + 1), pages: String(range.count) });
    artifact(
      doc,
      () =>
        write(doc, footer, PAGE.margin, PAGE.height - PAGE.margin, {
          width: CONTENT_WIDTH,
          align: 'center',
          ellipsis: true,
          height: 10,
        }),
      'Pagination',
    );
  }
}

/** The figures document as a PDF: the report's fonts, tagging, table and footers. */
export async function renderFiguresPdf(input: FiguresDocument): Promise<Buffer> {
  const { doc, structure, finished } = await openTaggedA4(
    { Title: input.title, Author: input.farmName, Subject: input.title },
    input.language,
  );
  let y = PAGE.margin;
  doc.font(BOLD).fontSize(16).fillColor(INK);
  tag(doc, 'H1', () => write(doc, input.title, PAGE.margin, y, { width: CONTENT_WIDTH, lineBreak: true }));
  y = doc.y + 8;
  doc.font(REGULAR).fontSize(10).fillColor(MUTED);
  for (const line of input.lines) {
    tag(doc, 'P', () => write(doc, line, PAGE.margin, y, { width: CONTENT_WIDTH }));
    y += 15;
  }
  doc.y = y + 10;
  doc.fillColor(INK);
  table(doc, figureColumns(input.columns[0], CONTENT_WIDTH - 120, [input.columns[1]]), input.rows);
  doc.y += 12;
  doc.font(REGULAR).fontSize(10).fillColor(INK);
  for (const note of input.notes) {
    ensureRoom(doc, 40);
    const top = doc.y;
    tag(doc, 'P', () => write(doc, note, PAGE.margin, top, { width: CONTENT_WIDTH, lineBreak: true }));
    doc.y += 8;
  }
  structure.end();
  drawTitleFooters(doc, input.title);
  doc.end();
  return finished;
}

function ensureRoom(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > BOTTOM) {
    doc.addPage();
    doc.y = PAGE.margin;
  }
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  ensureRoom(doc, 60);
  // doc.text moves doc.y; every position here is computed from one saved top instead.
  const top = doc.y + 14;
  doc.font(BOLD).fontSize(13).fillColor(ACCENT);
  tag(doc, 'H2', () => write(doc, text, PAGE.margin, top));
  doc.y = top + 22;
  doc.fillColor(INK);
}

/** The title, then the period, the agent, the period compared with and when it was made. */
function drawHeader(doc: PDFKit.PDFDocument, summary: ReportSummary, options: PdfOptions) {
  const x0 = PAGE.margin;
  doc.font(BOLD).fontSize(10).fillColor(ACCENT);
  tag(doc, 'P', () =>
    write(doc, options.farmName, x0, PAGE.margin, { width: CONTENT_WIDTH, ellipsis: true, height: 12 }),
  );
  doc.font(BOLD).fontSize(22).fillColor(INK);
  tag(doc, 'H1', () => write(doc, options.title, x0, PAGE.margin + 16));
  const tr = speakers.get(doc) ?? ENGLISH;
  const meta: [string, string][] = [
    [
      say(doc, 'pdfPeriod'),
      say(doc, 'pdfPeriodValue', { period: periodText(summary.period, tr), days: summary.period.days }),
    ],
    [
      say(doc, 'pdfAgent'),
      summary.agent ? `${summary.agent.name} (${summary.agent.agentNumber})` : say(doc, 'pdfAllAgents'),
    ],
    [say(doc, 'pdfComparedWith'), periodText(summary.previousPeriod, tr)],
    [say(doc, 'pdfGenerated'), generatedText(summary.generatedAt, options.timeZone, tr)],
  ];
  let y = PAGE.margin + 50;
  for (const [label, value] of meta) {
    const top = y;
    tag(doc, 'P', () => {
      doc.font(BOLD).fontSize(10).fillColor(MUTED);
      write(doc, `${label}:`, x0, top);
      doc.font(REGULAR).fillColor(INK);
      write(doc, value, x0 + 90, top, { width: CONTENT_WIDTH - 90, ellipsis: true, height: 14 });
    });
    y += 15;
  }
  doc.y = y;
}

/** When the report was made, farm time: '29 November 2026 at 14:05' in English (Intl's en-ZA long date). */
function generatedText(at: string | Date, timeZone: string, tr: Translator) {
  const date = new Date(at);
  if (tr.language === 'en') {
    return new Intl.DateTimeFormat('en-ZA', { timeZone, dateStyle: 'long', timeStyle: 'short' }).format(date);
  }
  // Intl has no isiZulu or Sesotho: the day from the catalogue's months, the time as 24-hour digits.
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${longDate(`${part('year')}-${part('month')}-${part('day')}`, tr)} ${part('hour')}:${part('minute')}`;
}

// Four boxes in a row: a label, the figure, a line under it.
function boxRow(doc: PDFKit.PDFDocument, boxes: [string, string, string][], height: number, valueSize: number) {
  const gap = 8;
  const boxWidth = (CONTENT_WIDTH - gap * 3) / 4;
  const boxTop = doc.y;
  boxes.forEach(([label, value, sub], i) => {
    const bx = PAGE.margin + i * (boxWidth + gap);
    artifact(doc, () => doc.lineWidth(0.8).strokeColor(RULE).rect(bx, boxTop, boxWidth, height).stroke());
    tag(doc, 'P', () => {
      doc.font(REGULAR).fontSize(8.5).fillColor(MUTED);
      write(doc, label, bx + 8, boxTop + 8, { width: boxWidth - 16 });
      doc.font(BOLD).fontSize(valueSize).fillColor(INK);
      write(doc, value, bx + 8, boxTop + 21, { width: boxWidth - 16 });
      doc.font(REGULAR).fontSize(7.5).fillColor(MUTED);
      write(doc, sub, bx + 8, boxTop + height - 16, { width: boxWidth - 16 });
    });
  });
  doc.y = boxTop + height;
}

const crateCount = (doc: PDFKit.PDFDocument, n: number) => say(doc, 'crates', { count: n });
/** A report for one agent shows that agent's billing where the farm's report shows its agents. */
const isForOneAgent = (summary: ReportSummary) => summary.agent !== null || summary.newAgentsThisMonth === null;

// Totals. The fourth box: the farm's active agents, or for one agent its own billing this period.
function drawTotals(doc: PDFKit.PDFDocument, summary: ReportSummary) {
  heading(doc, say(doc, 'pdfTotals'));
  const t = summary.totals;
  const b = summary.billing;
  const c = summary.changes;
  boxRow(
    doc,
    [
      [say(doc, 'pdfTotalTransmissions'), String(t.totalTransmissions), changeText(doc, c.totalTransmissions)],
      [say(doc, 'pdfCratesMoved'), String(t.cratesMoved), changeText(doc, c.cratesMoved)],
      [say(doc, 'pdfCompletionRate'), `${t.completionRate}%`, changeText(doc, c.completionRate, true)],
      isForOneAgent(summary)
        ? [say(doc, 'pdfBilledThisPeriod'), formatRandDecimal(b.billedAmount), crateCount(doc, b.billedCrates)]
        : [
            say(doc, 'pdfActiveAgents'),
            String(t.activeAgents),
            say(doc, 'pdfNewThisMonth', { count: String(summary.newAgentsThisMonth) }),
          ],
    ],
    62,
    18,
  );
}

// Billing: sums of billing lines and recorded payments, for this report's scope only.
function drawBilling(doc: PDFKit.PDFDocument, summary: ReportSummary) {
  heading(doc, say(doc, 'pdfBilling'));
  const b = summary.billing;
  boxRow(
    doc,
    [
      isForOneAgent(summary)
        ? [say(doc, 'pdfBilledAllCycles'), formatRandDecimal(b.totalEarnings), say(doc, 'pdfEveryCycle')]
        : [say(doc, 'pdfBilledThisPeriod'), formatRandDecimal(b.billedAmount), crateCount(doc, b.billedCrates)],
      [
        say(doc, 'pdfUnbilled'),
        crateCount(doc, b.unbilledCrates),
        say(doc, 'pdfReturnsThisPeriod', { count: b.unbilledReturns }),
      ],
      [say(doc, 'pdfPaid'), formatRandDecimal(b.totalPaid), say(doc, 'pdfRecordedPayments')],
      [say(doc, 'pdfOwed'), formatRandDecimal(b.totalOwed), say(doc, 'pdfBilledLessPaid')],
    ],
    50,
    13,
  );
}

const writeOffColumns = (doc: PDFKit.PDFDocument) =>
  figureColumns(say(doc, 'pdfColAgent'), 259, [say(doc, 'pdfColDamaged'), say(doc, 'pdfColMissing')]);

/**
 * Damaged crates apart from missing ones (decision 056), after the agents: the period's
 * totals, then, in the farm's report, each agent that had any (the per-agent table above has no room
 * for two more columns).
 */
function drawWriteOffs(doc: PDFKit.PDFDocument, summary: ReportSummary) {
  heading(doc, say(doc, 'pdfWriteOffs'));
  const w = summary.writeOffs;
  boxRow(
    doc,
    [
      [say(doc, 'pdfMarkedDamaged'), crateCount(doc, w.damaged), say(doc, 'pdfDamagedWhere')],
      [say(doc, 'pdfMissing'), crateCount(doc, w.missing), say(doc, 'pdfMissingHow')],
    ],
    50,
    13,
  );
  const agents = summary.agents.filter((a) => a.cratesDamaged !== 0 || a.cratesMissing !== 0);
  if (isForOneAgent(summary) || agents.length === 0) return;
  doc.y += 8;
  table(
    doc,
    writeOffColumns(doc),
    agents.map((a) => [`${a.agentName} (${a.agentNumber})`, String(a.cratesDamaged), String(a.cratesMissing)]),
  );
}

const flowColumns = (doc: PDFKit.PDFDocument) =>
  figureColumns(say(doc, 'pdfColFlow'), 255, [say(doc, 'pdfColTransmissions'), say(doc, 'pdfColShare')]);

function drawFlow(doc: PDFKit.PDFDocument, summary: ReportSummary) {
  heading(doc, say(doc, 'pdfFlow'));
  const flow: [string, { count: number; share: number }][] = [
    [say(doc, 'pdfFarmToMarket'), summary.flow.farmToMarket],
    [say(doc, 'pdfMarketToFarm'), summary.flow.marketToFarm],
    [say(doc, 'pdfAcknowledged'), summary.flow.acknowledged],
  ];
  table(
    doc,
    flowColumns(doc),
    flow.map(([label, f]) => [label, String(f.count), `${f.share}%`]),
  );
}

const agentColumns = (doc: PDFKit.PDFDocument): Column[] => [
  { header: say(doc, 'pdfColAgent'), width: 143 },
  { header: say(doc, 'pdfColTrans'), width: 36, align: 'right' },
  { header: say(doc, 'pdfColDeliv'), width: 38, align: 'right' },
  { header: say(doc, 'pdfColRet'), width: 30, align: 'right' },
  { header: say(doc, 'pdfColFull'), width: 30, align: 'right' },
  { header: say(doc, 'pdfColEmpty'), width: 36, align: 'right' },
  { header: say(doc, 'pdfColBilled'), width: 60, align: 'right' },
  { header: say(doc, 'pdfColOwed'), width: 60, align: 'right' },
  { header: say(doc, 'pdfColEarnings'), width: 66, align: 'right' },
];

/** An agent's figures as table cells. */
const agentRow = (a: ReportSummary['agents'][number]) => [
  `${a.agentName} (${a.agentNumber})`,
  String(a.transmissions),
  String(a.cratesDelivered),
  String(a.cratesReturned),
  String(a.fullCrates),
  String(a.emptyCrates),
  formatRandDecimal(a.billedAmount),
  formatRandDecimal(a.owedAmount),
  a.earningsEstimate === null ? '-' : formatRandDecimal(a.earningsEstimate),
];

function drawAgents(doc: PDFKit.PDFDocument, summary: ReportSummary) {
  const x0 = PAGE.margin;
  heading(doc, say(doc, 'pdfAgents'));
  doc.font(REGULAR).fontSize(9).fillColor(MUTED);
  const noteTop = doc.y;
  tag(doc, 'P', () => write(doc, say(doc, 'pdfBilledNote'), x0, noteTop));
  tag(doc, 'P', () =>
    write(
      doc,
      summary.cycle
        ? say(doc, 'pdfEarningsNote', { rate: formatRandDecimal(summary.cycle.ratePerCrate) })
        : say(doc, 'pdfNoCycle'),
      x0,
      noteTop + 13,
    ),
  );
  doc.y = noteTop + 29;
  if (summary.agents.length === 0) {
    const emptyTop = doc.y;
    tag(doc, 'P', () => write(doc, say(doc, 'pdfNoAgents'), x0, emptyTop));
    doc.y = emptyTop + 16;
    return;
  }
  // Removed agents (listed while they have activity in the period) come last under a label of their
  // own, as the screens list them last with a 'Removed' badge (decisions 039, 047).
  const removed = summary.agents.filter((a) => !a.isActive);
  table(doc, agentColumns(doc), [
    ...summary.agents.filter((a) => a.isActive).map(agentRow),
    ...(removed.length > 0 ? [say(doc, 'pdfRemoved'), ...removed.map(agentRow)] : []),
  ]);
}

// Footer on every page.
function drawFooters(doc: PDFKit.PDFDocument, summary: ReportSummary, options: PdfOptions) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin: without this pdfkit would start a new page for the footer.
    doc.page.margins.bottom = 0;
    doc.font(REGULAR).fontSize(8).fillColor(MUTED);
    artifact(
      doc,
      () =>
        write(
          doc,
          say(doc, 'pdfFooter', {
            title: pdfTitle(summary, options, speakers.get(doc)),
            page: String(i + 1),
            pages: String(range.count),
          }),
          PAGE.margin,
          PAGE.height - PAGE.margin,
          { width: CONTENT_WIDTH, align: 'center', ellipsis: true, height: 10 },
        ),
      'Pagination',
    );
  }
}

type Column = { header: string; width: number; align?: 'left' | 'right' };

/** A label column, then figures in columns 120 pt wide, right-aligned so their digits line up. */
function figureColumns(label: string, labelWidth: number, figures: string[]): Column[] {
  return [
    { header: label, width: labelWidth },
    ...figures.map((header) => ({ header, width: 120, align: 'right' as const })),
  ];
}

/** `rows`: cells, or a label (a string) written across the whole width above the rows that follow it. */
// Long: one table drawn row by row, with its page breaks and repeated header; the steps share the cursor.
function table(doc: PDFKit.PDFDocument, columns: Column[], rows: (string[] | string)[]) {
  const rowHeight = 18;
  const tableStruct = doc.struct('Table');
  addToStructure(doc, tableStruct);
  // One row of cells, then its rule: the header bold over a heavy rule, the rows over a light one.
  const drawRow = (cells: string[], header: boolean) => {
    let x = PAGE.margin;
    const top = doc.y;
    doc
      .font(header ? BOLD : REGULAR)
      .fontSize(9)
      .fillColor(INK);
    const row = doc.struct('TR');
    tableStruct.add(row);
    cells.forEach((cell, i) => {
      const c = columns[i];
      const fit = header ? {} : { ellipsis: true, height: 12 };
      const cellX = x;
      row.add(
        doc.struct(header ? 'TH' : 'TD', {}, () => {
          write(doc, cell, cellX + 4, top + 5, { width: c.width - 8, align: c.align ?? 'left', ...fit });
        }),
      );
      x += c.width;
    });
    row.end();
    doc.y = top + rowHeight;
    artifact(doc, () =>
      doc
        .lineWidth(header ? 1 : 0.5)
        .strokeColor(header ? INK : RULE)
        .moveTo(PAGE.margin, doc.y)
        .lineTo(PAGE.margin + CONTENT_WIDTH, doc.y)
        .stroke(),
    );
  };
  const drawLabel = (text: string) => {
    const top = doc.y;
    doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED);
    write(doc, text, PAGE.margin + 4, top + 5, { width: CONTENT_WIDTH - 8, ellipsis: true, height: 12 });
    doc.y = top + rowHeight;
  };
  const headers = columns.map((c) => c.header);
  ensureRoom(doc, rowHeight * 2);
  drawRow(headers, true);
  // The label of the rows being drawn, written again under the header of a new page.
  let label: string | null = null;
  for (const row of rows) {
    if (doc.y + rowHeight * (typeof row === 'string' ? 2 : 1) > BOTTOM) {
      doc.addPage();
      doc.y = PAGE.margin;
      drawRow(headers, true);
      if (label !== null && typeof row !== 'string') drawLabel(label);
    }
    if (typeof row === 'string') {
      label = row;
      drawLabel(row);
    } else drawRow(row, false);
  }
  tableStruct.end();
}

/** The chart in words, for a screen reader. */
function chartAlt(doc: PDFKit.PDFDocument, summary: ReportSummary, unit: string) {
  const bars = summary.chart.bars;
  const delivered = bars.reduce((sum, b) => sum + b.delivered, 0);
  const returned = bars.reduce((sum, b) => sum + b.returned, 0);
  const peak = Math.max(0, ...bars.map((b) => Math.max(b.delivered, b.returned)));
  return say(doc, 'pdfChartAlt', {
    unit,
    period: periodText(summary.period, speakers.get(doc)),
    delivered: String(delivered),
    returned: String(returned),
    peak: String(peak),
  });
}

/** Delivered and returned crates per bar: axis, bars, the dates under them and a legend. */
function drawChart(doc: PDFKit.PDFDocument, summary: ReportSummary) {
  const height = 120;
  const left = PAGE.margin + 36;
  const width = CONTENT_WIDTH - 36;
  if (doc.y + height + 40 > BOTTOM) {
    doc.addPage();
    doc.y = PAGE.margin;
  }
  const top = doc.y;
  const bars = summary.chart.bars;
  const peak = Math.max(1, ...bars.map((b) => Math.max(b.delivered, b.returned)));
  const baseline = top + height;
  drawAxis(doc, { left, width, top, baseline, peak });
  const slot = width / bars.length;
  const barWidth = Math.max(1.5, Math.min(14, (slot - 4) / 2));
  bars.forEach((bar, i) => {
    const cx = left + slot * i + slot / 2;
    const delivered = (bar.delivered / peak) * height;
    const returned = (bar.returned / peak) * height;
    if (delivered > 0) doc.rect(cx - barWidth, baseline - delivered, barWidth, delivered).fill(ACCENT);
    if (returned > 0) {
      doc
        .lineWidth(0.8)
        .rect(cx, baseline - returned, barWidth, returned)
        .fillAndStroke('#ffffff', INK);
    }
  });
  // Dates under the first, middle and last bar.
  doc.font(REGULAR).fontSize(8).fillColor(MUTED);
  const label = (i: number, align: 'left' | 'center' | 'right') => {
    const cx = left + slot * i + slot / 2;
    const w = 80;
    const x = align === 'left' ? cx - 10 : align === 'right' ? cx - w + 10 : cx - w / 2;
    write(doc, longDate(bars[i].startDate, speakers.get(doc)), x, baseline + 5, { width: w, align });
  };
  label(0, 'left');
  if (bars.length > 2) label(Math.floor(bars.length / 2), 'center');
  if (bars.length > 1) label(bars.length - 1, 'right');
  drawLegend(doc, left, baseline + 20);
}

// Axis and the peak's gridline, labelled.
function drawAxis(
  doc: PDFKit.PDFDocument,
  { left, width, top, baseline, peak }: { left: number; width: number; top: number; baseline: number; peak: number },
) {
  doc
    .lineWidth(0.5)
    .strokeColor(RULE)
    .moveTo(left, top)
    .lineTo(left + width, top)
    .stroke();
  doc
    .lineWidth(1)
    .strokeColor(INK)
    .moveTo(left, top)
    .lineTo(left, baseline)
    .lineTo(left + width, baseline)
    .stroke();
  doc.font(REGULAR).fontSize(8).fillColor(MUTED);
  write(doc, String(peak), PAGE.margin, top - 3, { width: 32, align: 'right' });
  write(doc, '0', PAGE.margin, baseline - 4, { width: 32, align: 'right' });
}

function drawLegend(doc: PDFKit.PDFDocument, left: number, ly: number) {
  doc.rect(left, ly, 10, 10).fill(ACCENT);
  doc.fillColor(INK).font(REGULAR).fontSize(9);
  write(doc, say(doc, 'pdfDelivered'), left + 14, ly + 1);
  doc
    .lineWidth(0.8)
    .rect(left + 190, ly, 10, 10)
    .fillAndStroke('#ffffff', INK);
  doc.fillColor(INK);
  write(doc, say(doc, 'pdfReturned'), left + 204, ly + 1);
  doc.y = ly + 16;
}
