// A delivery's printed papers (decision 073): the delivery note (A4: farm, agent, date, crates, stacks
// and the delivery's QR) and one label per stack (a sheet of eight on A4, or one per 62 mm label for a
// label printer), each with its QR, "Stack 2 of 3 · 20 crates", the delivery and the agent in words.
// A QR holds an identifier only (`CK1:T<id>`, `CK1:T<id>:S<n>`); the QR is drawn as vector squares
// (encoder: `qr`), so it stays sharp at any printer's resolution.
import { encodeQR } from 'qr';
import { cratesOnStack, stackCodeOf, stackCountOf } from '../../../shared/stack-labels.ts';
import type { Transmission } from '../../../shared/transmissions.ts';
import { farmToday } from '../../lib/farm-date.ts';
import { formatDateIn, type Translator } from '../../lib/i18n.ts';
import { ACCENT, artifact, BOLD, INK, MUTED, openTaggedDocument, REGULAR, RULE, tag, write } from '../../lib/pdf.ts';

export type DocumentContext = { farmName: string; timeZone: string; tr: Translator };
type Doc = PDFKit.PDFDocument;

const A4 = { width: 595.28, height: 841.89, margin: 40 };
/** 62 mm wide continuous-roll labels (the common label printers' width), 100 mm long. */
const ROLL = { width: (62 / 25.4) * 72, height: (100 / 25.4) * 72, margin: 10 };
/** An A4 label's inset from its cut line. */
const INSET = 8;

/**
 * The QR of `code`, `size` points square with its quiet zone, as a figure whose words are the code.
 * Medium error correction: a label on a crate gets scuffed.
 */
function drawQr(doc: Doc, code: string, x: number, y: number, size: number) {
  // The matrix carries its quiet zone: 4 modules, as the standard asks.
  const modules = encodeQR(code, 'raw', { ecc: 'medium', border: 4 });
  const cell = size / modules.length;
  tag(
    doc,
    'Figure',
    () => {
      doc.fillColor('#000000');
      modules.forEach((row, r) => {
        row.forEach((dark, c) => {
          if (dark) doc.rect(x + c * cell, y + r * cell, cell + 0.01, cell + 0.01);
        });
      });
      doc.fill();
    },
    { alt: code },
  );
}

const agentOf = (t: Transmission) => (t.agentNumber ? `${t.agentName ?? t.toName} (${t.agentNumber})` : t.toName);
const sentDay = (t: Transmission, ctx: DocumentContext) =>
  formatDateIn(ctx.tr, farmToday(ctx.timeZone, new Date(t.sentAt)));
const say = (ctx: DocumentContext, key: string, values?: Record<string, string | number>) =>
  ctx.tr.t(`transmissions.${key}`, values);

/** The stack's line: "Stack 2 of 3 · 20 crates". */
const stackLine = (ctx: DocumentContext, t: Transmission, stack: number) =>
  say(ctx, 'stackLabel', { stack, of: t.stackCount, crates: cratesOnStack(t.quantity, t.stackSize!, stack) });

/** The delivery note: who, when, how many, its stacks, its QR, and a line to sign. */
export async function renderDeliveryNote(t: Transmission, ctx: DocumentContext): Promise<Buffer> {
  const title = `${say(ctx, 'deliveryNoteTitle')}: ${say(ctx, 'deliveryNumber', { id: t.id })}`;
  const { doc, structure, finished } = await openTaggedDocument({
    info: { Title: `${ctx.farmName}: ${title}`, Author: ctx.farmName, Subject: title },
    language: ctx.tr.language,
    margin: A4.margin,
  });
  const x0 = A4.margin;
  const width = A4.width - 2 * A4.margin;
  const qrSize = 150;
  doc.font(BOLD).fontSize(10).fillColor(ACCENT);
  tag(doc, 'P', () => write(doc, ctx.farmName, x0, x0, { width: width - qrSize, ellipsis: true, height: 12 }));
  doc.font(BOLD).fontSize(22).fillColor(INK);
  tag(doc, 'H1', () => write(doc, say(ctx, 'deliveryNoteTitle'), x0, x0 + 16));
  doc.font(BOLD).fontSize(14).fillColor(INK);
  tag(doc, 'P', () => write(doc, say(ctx, 'deliveryNumber', { id: t.id }), x0, x0 + 46));
  drawQr(doc, stackCodeOf(t.id), A4.width - A4.margin - qrSize, x0 - 8, qrSize);
  doc.font(REGULAR).fontSize(8).fillColor(MUTED);
  tag(doc, 'P', () =>
    write(doc, stackCodeOf(t.id), A4.width - A4.margin - qrSize, x0 + qrSize - 6, { width: qrSize, align: 'center' }),
  );
  const stacks = t.stackSize
    ? say(ctx, 'pdfStackCount', { count: t.stackCount, size: t.stackSize })
    : say(ctx, 'pdfNoStacks');
  const rows: [string, string][] = [
    [say(ctx, 'pdfFarm'), ctx.farmName],
    [say(ctx, 'pdfAgent'), agentOf(t)],
    [say(ctx, 'pdfSent'), sentDay(t, ctx)],
    [say(ctx, 'pdfCrates'), String(t.quantity)],
    [say(ctx, 'pdfStacks'), stacks],
    ...(t.notes ? [[say(ctx, 'pdfNotes'), t.notes] as [string, string]] : []),
  ];
  let y = x0 + qrSize + 24;
  for (const [label, value] of rows) y = drawField(doc, label, value, y, width);
  y += 10;
  for (let stack = 1; stack <= t.stackCount; stack++) {
    doc.font(REGULAR).fontSize(10).fillColor(INK);
    const top = y;
    tag(doc, 'P', () => write(doc, `☐ ${stackLine(ctx, t, stack)}`, x0 + 8, top));
    y += 16;
  }
  doc.font(REGULAR).fontSize(9).fillColor(MUTED);
  const noteTop = y + 14;
  tag(doc, 'P', () => write(doc, say(ctx, 'pdfScanNote'), x0, noteTop, { width, lineBreak: true }));
  drawSignatureLine(doc, ctx, Math.max(doc.y + 50, noteTop + 60), width);
  structure.end();
  doc.end();
  return finished;
}

/** A label and its value on one line; returns where the next line starts. */
function drawField(doc: Doc, label: string, value: string, y: number, width: number) {
  const x0 = A4.margin;
  tag(doc, 'P', () => {
    doc.font(BOLD).fontSize(11).fillColor(MUTED);
    write(doc, `${label}:`, x0, y);
    doc.font(REGULAR).fillColor(INK);
    write(doc, value, x0 + 110, y, { width: width - 110, ellipsis: true, height: 14 });
  });
  return y + 20;
}

function drawSignatureLine(doc: Doc, ctx: DocumentContext, y: number, width: number) {
  const x0 = A4.margin;
  artifact(doc, () =>
    doc
      .lineWidth(0.8)
      .strokeColor(INK)
      .moveTo(x0, y)
      .lineTo(x0 + width / 2, y)
      .stroke(),
  );
  doc.font(REGULAR).fontSize(9).fillColor(MUTED);
  tag(doc, 'P', () => write(doc, say(ctx, 'pdfReceivedBy'), x0, y + 4));
}

type Box = { x: number; y: number; width: number; height: number };

/** One stack's label in `box`: its QR on top, then its words under it. */
function drawLabel(doc: Doc, ctx: DocumentContext, t: Transmission, stack: number, box: Box) {
  const narrow = box.width < 200;
  const qrSize = Math.min(box.width, box.height - 76);
  drawQr(doc, stackCodeOf(t.id, stack), box.x + (box.width - qrSize) / 2, box.y, qrSize);
  let y = box.y + qrSize + 2;
  const line = (text: string, font: string, size: number, color: string, height: number) => {
    doc.font(font).fontSize(size).fillColor(color);
    const top = y;
    tag(doc, 'P', () =>
      write(doc, text, box.x, top, { width: box.width, align: 'center', ellipsis: true, height: height + 2 }),
    );
    y += height;
  };
  // On a 62 mm label the stack's line may take two lines.
  line(stackLine(ctx, t, stack), BOLD, 13, INK, narrow ? 32 : 18);
  line(say(ctx, 'deliveryNumber', { id: t.id }), BOLD, 11, INK, 15);
  line(say(ctx, 'pdfForAgent', { agent: agentOf(t) }), REGULAR, 10, INK, 14);
  line(`${ctx.farmName} · ${sentDay(t, ctx)}`, REGULAR, 8, MUTED, 12);
  line(stackCodeOf(t.id, stack), REGULAR, 7, MUTED, 10);
}

/** Every stack's label: eight to an A4 sheet (cut marks as boxes), or one per 62 mm roll label. */
export async function renderStackLabels(t: Transmission, layout: 'a4' | 'roll', ctx: DocumentContext) {
  const page = layout === 'a4' ? A4 : ROLL;
  const title = `${say(ctx, 'labelsTitle')}: ${say(ctx, 'deliveryNumber', { id: t.id })}`;
  const { doc, structure, finished } = await openTaggedDocument({
    info: { Title: `${ctx.farmName}: ${title}`, Author: ctx.farmName, Subject: title },
    language: ctx.tr.language,
    size: layout === 'a4' ? 'A4' : [page.width, page.height],
    margin: page.margin,
  });
  const count = stackCountOf(t.quantity, t.stackSize);
  const perPage = layout === 'a4' ? 8 : 1;
  const cellWidth = (page.width - 2 * page.margin) / (layout === 'a4' ? 2 : 1);
  const cellHeight = (page.height - 2 * page.margin) / (layout === 'a4' ? 4 : 1);
  for (let stack = 1; stack <= count; stack++) {
    const slot = (stack - 1) % perPage;
    if (stack > 1 && slot === 0) doc.addPage();
    const x = page.margin + (slot % 2) * cellWidth * (perPage > 1 ? 1 : 0);
    const y = page.margin + Math.floor(slot / (perPage > 1 ? 2 : 1)) * cellHeight;
    if (layout === 'a4') {
      artifact(doc, () => doc.lineWidth(0.5).strokeColor(RULE).rect(x, y, cellWidth, cellHeight).stroke());
    }
    const inset = layout === 'a4' ? INSET : 0;
    drawLabel(doc, ctx, t, stack, {
      x: x + inset,
      y: y + inset,
      width: cellWidth - 2 * inset,
      height: cellHeight - 2 * inset,
    });
  }
  structure.end();
  doc.end();
  return finished;
}
