// Archives that cannot unpack too far (decision 059): a ZIP bomb dressed as an XLSX is refused before
// any XML is parsed, whether its header tells the truth about its size or not, and the counting stops
// at the cap instead of unpacking everything.
import { describe, expect, it } from 'vitest';
import { zip } from '../../../../tests/support/zip.ts';
import { importMessages } from '../../../shared/imports.ts';
import { ARCHIVE_RATIO_MAX, checkArchive } from './archive-limits.ts';
import { readUpload } from './parse.ts';

const zeros = Buffer.alloc(200 * 1024 * 1024, 0x20); // 200 MB of spaces: packs to ~200 KB
const honest = zip([{ name: 'xl/worksheets/sheet1.xml', content: zeros }]);
const bomb = zip([{ name: 'xl/worksheets/sheet1.xml', content: zeros, declare: 1000 }]);
const CHUNK = 64 * 1024;

describe('XLSX archives that unpack too far', () => {
  it('passes an ordinary archive and counts what it unpacks to', async () => {
    const xml = Buffer.from(`<row>${'<c>crate</c>'.repeat(2000)}</row>`);
    expect(await checkArchive(zip([{ name: 'xl/worksheets/sheet1.xml', content: xml }]))).toEqual({
      ok: true,
      unpacked: xml.length,
    });
  });

  it('refuses a part whose header says it unpacks past the cap, without unpacking it', async () => {
    const check = await checkArchive(honest);
    expect(check).toEqual({ ok: false, reason: 'xl/worksheets/sheet1.xml would unpack too far', unpacked: 0 });
  });

  it('refuses a part whose header lies, stopping at the cap', async () => {
    const packed = bomb.length;
    const check = await checkArchive(bomb);
    expect(check.ok).toBe(false);
    // The cap for this part: its packed size × the ratio allowed (well under the 200 MB inside).
    expect(check.unpacked).toBeGreaterThan(packed * ARCHIVE_RATIO_MAX - packed);
    expect(check.unpacked).toBeLessThanOrEqual(packed * ARCHIVE_RATIO_MAX + CHUNK);
  });

  it('the upload answers 400 with the message before any XML is read', async () => {
    await expect(readUpload(bomb, 'agents.xlsx')).rejects.toMatchObject({
      statusCode: 400,
      message: importMessages.unpacksTooFar,
    });
  });
});
