// An uploaded XLSX is a ZIP archive, and 2 MB of ZIP can hold gigabytes of XML. Before any XML is
// parsed, every part is inflated once into nothing but a byte count, stopping at the cap, so an
// archive that unpacks too far is refused with bounded time and memory (decision 059).
import { createInflateRaw } from 'node:zlib';

/** Most bytes one part, and the whole archive, may unpack to. */
export const ARCHIVE_PART_MAX = 50 * 1024 * 1024;
export const ARCHIVE_TOTAL_MAX = 50 * 1024 * 1024;
/** A part over 1 MB unpacked may be at most this many times its packed size (XML packs 5–20×). */
export const ARCHIVE_RATIO_MAX = 100;
const RATIO_FROM = 1024 * 1024;

export type ArchiveCheck = { ok: true; unpacked: number } | { ok: false; reason: string; unpacked: number };

type Entry = { name: string; method: number; packed: number; declared: number; dataStart: number };

function entries(bytes: Buffer): Entry[] | null {
  // The end-of-central-directory record: within the last 64 KB (its comment) + 22 bytes.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const found: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const local = bytes.readUInt32LE(at + 42);
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) return null;
    found.push({
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      method: bytes.readUInt16LE(at + 10),
      packed: bytes.readUInt32LE(at + 20),
      declared: bytes.readUInt32LE(at + 24),
      dataStart: local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28),
    });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return found;
}

/** How far `packed` inflates, counting and dropping each chunk; stops once past `limit`. */
function inflatedSize(packed: Buffer, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflateRaw();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflate.destroy();
        resolve(size);
      }
    });
    inflate.on('end', () => resolve(size));
    // A corrupt stream: the sheet reader will say the file cannot be read.
    inflate.on('error', () => resolve(size));
    inflate.end(packed);
  });
}

const partLimit = (packed: number, left: number) =>
  Math.min(ARCHIVE_PART_MAX, left, Math.max(RATIO_FROM, packed * ARCHIVE_RATIO_MAX));

/** Whether the archive's parts unpack within the caps, judged before anything is parsed. */
export async function checkArchive(bytes: Buffer): Promise<ArchiveCheck> {
  const parts = entries(bytes);
  if (!parts) return { ok: true, unpacked: 0 }; // not a readable ZIP: the sheet reader refuses it
  let unpacked = 0;
  for (const part of parts) {
    const limit = partLimit(part.packed, ARCHIVE_TOTAL_MAX - unpacked);
    // What the archive says first (a ZIP64 size reads 0xFFFFFFFF), then what it really holds.
    if (part.declared > limit) return { ok: false, reason: `${part.name} would unpack too far`, unpacked };
    const data = bytes.subarray(part.dataStart, part.dataStart + part.packed);
    const size = part.method === 0 ? data.length : await inflatedSize(data, limit);
    unpacked += size;
    if (size > limit) return { ok: false, reason: `${part.name} unpacks too far`, unpacked };
  }
  return { ok: true, unpacked };
}
