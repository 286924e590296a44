// The code a farm_store registration must give (DESIGN §2, §7): FARM_ACCESS_CODE, or one generated on
// first start, stored in the database and printed once in the log. Sent to no client but a signed-in
// farm store's settings, which can also replace a generated one (decision 043).
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type FarmAccessCode, farmAccessCodeMessages } from '../../../shared/auth.ts';
import type { Db, Executor } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import { audiences, recordChange } from '../../lib/changes.ts';
import { conflict } from '../../lib/http-error.ts';

/** Its row in `settings`. */
export const FARM_ACCESS_CODE_KEY = 'farm_access_code';
const KEY = FARM_ACCESS_CODE_KEY;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O or 1/I to misread

const newCode = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export async function ensureFarmAccessCode(
  db: Executor,
  configured: string | undefined,
  announce: (message: string) => void,
) {
  if (configured) return configured;
  const [existing] = await db.select().from(settings).where(eq(settings.key, KEY));
  if (existing) return existing.value;
  const code = newCode();
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

/** What the farm store's settings show (decision 043): the code, where it comes from, and whether it can be replaced here. */
export async function farmAccessCodeFor(db: Executor, configured: string | undefined): Promise<FarmAccessCode> {
  if (configured) return { code: configured, source: 'configured', canRotate: false };
  const code = await readFarmAccessCode(db, undefined);
  // Made at start-up (startup.ts); missing only if the settings row was deleted by hand.
  return { code: code ?? (await ensureFarmAccessCode(db, undefined, () => {})), source: 'generated', canRotate: true };
}

/**
 * Replaces the generated code with a new one, at once for every instance (each registration reads it
 * from the database). A code set by FARM_ACCESS_CODE is the operator's: 409, change it there.
 */
export async function rotateFarmAccessCode(db: Db, configured: string | undefined): Promise<FarmAccessCode> {
  if (configured) throw conflict(farmAccessCodeMessages.configured);
  const code = newCode();
  await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: KEY, value: code })
      .onConflictDoUpdate({ target: settings.key, set: { value: code } });
    // The code itself never goes into the audit trail or a change event.
    await recordChange(tx, {
      tags: ['users'],
      audience: [audiences.farmStore],
      audit: { summary: 'the old code no longer works' },
    });
  });
  return { code, source: 'generated', canRotate: true };
}
