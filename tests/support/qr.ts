// Reading QR codes back in the tests (decision 073): a PDF's pages rendered with pdftoppm (poppler),
// then read by the same decoder the phone uses (zxing-wasm), its WASM from node_modules, never a CDN.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);
let prepared: Promise<unknown> | undefined;

/** Every QR code's text in an image file's bytes (PNG, JPEG …). */
export async function qrTexts(image: Uint8Array): Promise<string[]> {
  prepared ??= prepareZXingModule({
    overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer },
    fireImmediately: true,
  }) as Promise<unknown>;
  await prepared;
  const results = await readBarcodes(image, { formats: ['QRCode'], maxNumberOfSymbols: 16, tryHarder: true });
  return results.filter((r) => r.isValid).map((r) => r.text);
}

/** A PDF's pages as PNG files (pdftoppm at `dpi`), oldest page first; the caller reads or keeps them. */
export function pdfPages(pdf: Uint8Array, dpi = 100): Buffer[] {
  const dir = mkdtempSync(join(tmpdir(), 'ck-pdf-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', join(dir, 'in.pdf'), join(dir, 'page')]);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort()
      .map((f) => readFileSync(join(dir, f)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every QR text on every page of a PDF, page by page. */
export async function qrTextsInPdf(pdf: Uint8Array, dpi?: number): Promise<string[][]> {
  const pages = pdfPages(pdf, dpi);
  const texts: string[][] = [];
  for (const page of pages) texts.push((await qrTexts(page)).sort());
  return texts;
}
