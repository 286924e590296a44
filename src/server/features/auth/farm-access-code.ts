// The code a farm_store registration must give (DESIGN §2, §7): FARM_ACCESS_CODE, or one generated on
// first start, stored in the database and printed once in the log. Never sent to a client.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

const KEY = 'farm_access_code';
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O or 1/I to misread

export async function ensureFarmAccessCode(
  db: Executor,
  configured: string | undefined,
  announce: (message: string) => void,
) {
  if (configured) return configured;
  const [existing] = await db.select().from(settings).where(eq(settings.key, KEY));
  if (existing) return existing.value;
  const code = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  const inserted = await db.insert(settings).values({ key: KEY, value: code }).onConflictDoNothing().returning();
  if (inserted.length > 0) {
    announce(
      `Farm access code for farm store registration: ${code} (shown once; set FARM_ACCESS_CODE to choose your own)`,
    );
    return code;
  }
  // Another instance generated it at the same moment.
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  return row.value;
}

export async function readFarmAccessCode(db: Executor, configured: string | undefined) {
  if (configured) return configured;
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  return row?.value;
}
