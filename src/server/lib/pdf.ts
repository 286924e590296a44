// A document that travels (decision 049), for every PDF the server makes (reports, statements, delivery
// notes and stack labels): pdfkit with DejaVu Sans embedded (TrueType from dejavu-fonts-ttf, subset to
// the glyphs used) so it reads the same on any reader and prints names in any Latin, Greek or Cyrillic
// script; tagged (every word belongs to a structure element, rules and footers are artifacts) with its
// language and a title a reader shows instead of the file name. pdfkit and the fonts load with the
// first document, not at start (decision 034).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Language } from '../../shared/i18n/languages.ts';

export const INK = '#1f2a1f';
export const MUTED = '#4a564a';
export const ACCENT = '#2f6b2f';
export const RULE = '#b8c4b8';
export const REGULAR = 'DejaVu Sans';
export const BOLD = 'DejaVu Sans Bold';

/** A reader's language as the document's /Lang. */
const PDF_LANGUAGES: Record<Language, string> = { en: 'en-ZA', zu: 'zu-ZA', st: 'st-ZA', af: 'af-ZA' };

const require = createRequire(import.meta.url);
let fontFiles: { regular: Buffer; bold: Buffer } | undefined;
/** The TrueType files, read once with the first document. */
function fonts() {
  fontFiles ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fontFiles;
}

type GlyphSource = { _font?: { font?: { hasGlyphForCodePoint?: (code: number) => boolean } } };
/**
 * Text as the current font can draw it: control characters become spaces and a character the font has
 * no glyph for (an emoji, a script DejaVu lacks) becomes '?', never an empty box.
 */
function drawable(doc: PDFKit.PDFDocument, value: string) {
  // pdfkit keeps the fontkit font it embeds on its current font; @types/pdfkit does not name it.
  const has = (doc as unknown as GlyphSource)._font?.font?.hasGlyphForCodePoint?.bind(
    (doc as unknown as GlyphSource)._font?.font,
  );
  return [...value]
    .map((c) => {
      const code = c.codePointAt(0)!;
      if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return ' ';
      return has && !has(code) ? '?' : c;
    })
    .join('');
}

/** Writes `text` (made drawable) at x, y; one line unless the options say otherwise. */
export const write = (
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  opts: PDFKit.Mixins.TextOptions = {},
) => doc.text(drawable(doc, text), x, y, { lineBreak: false, ...opts });

/** The document's structure, per document: every drawn word belongs to an element of it. */
const structures = new WeakMap<PDFKit.PDFDocument, PDFKit.PDFStructureElement>();

/** Draws `draw`'s text as one structure element (`H1`, `H2`, `P`, `Figure` …) of the document. */
export function tag(doc: PDFKit.PDFDocument, type: string, draw: () => void, options: { alt?: string } = {}) {
  structures.get(doc)?.add(doc.struct(type, options, draw));
}

/** Adds an element made by the caller (a table) to the document's structure. */
export function addToStructure(doc: PDFKit.PDFDocument, element: PDFKit.PDFStructureElement) {
  structures.get(doc)?.add(element);
}

/** Draws what is not content (rules, boxes, page footers) as an artifact a screen reader skips. */
export function artifact(doc: PDFKit.PDFDocument, draw: () => void, type: 'Layout' | 'Pagination' = 'Layout') {
  doc.markContent('Artifact', { type });
  draw();
  doc.endMarkedContent();
}

type DocumentOptions = {
  info: { Title: string; Author: string; Subject: string };
  language?: Language;
  /** pdfkit's page size: 'A4' or [width, height] in points. */
  size?: string | [number, number];
  margin: number;
};

/** A tagged, accessible document in the shared fonts, and its bytes once it ends. */
export async function openTaggedDocument({ info, language = 'en', size = 'A4', margin }: DocumentOptions) {
  const { default: PDFDocument } = await import('pdfkit');
  const { regular, bold } = fonts();
  const doc = new PDFDocument({
    size,
    margin,
    bufferPages: true,
    // The default font, so no standard (unembedded) font is ever named; pdfkit takes a Buffer too.
    font: regular as unknown as string,
    tagged: true,
    lang: PDF_LANGUAGES[language],
    displayTitle: true,
    pdfVersion: '1.7',
    info: { ...info, Creator: 'Cratekeeper' },
  });
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  const structure = doc.struct('Document');
  doc.addStructure(structure);
  structures.set(doc, structure);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, structure, finished };
}
