// The farm's name as every document and the public site say it (decision 067): the farm store's
// Settings field (a `settings` row), else FARM_NAME, else the name the public site always showed.
import { eq } from 'drizzle-orm';
import { DEFAULT_FARM_NAME, type FarmName } from '../../shared/farm-name.ts';
import type { Db, Executor } from '../db/client.ts';
import { settings } from '../db/schema/index.ts';
import { audiences, recordChange } from './changes.ts';

/** Its row in `settings`. */
export const FARM_NAME_KEY = 'farm_name';

export async function farmNameWithSource(db: Executor, configured: string | undefined): Promise<FarmName> {
  const [row] = await db.select().from(settings).where(eq(settings.key, FARM_NAME_KEY));
  if (row) return { name: row.value, source: 'settings' };
  return configured ? { name: configured, source: 'configured' } : { name: DEFAULT_FARM_NAME, source: 'default' };
}

export const readFarmName = async (db: Executor, configured: string | undefined) =>
  (await farmNameWithSource(db, configured)).name;

/** The Settings field's name, for every instance at once (each reads it from the database). */
export async function saveFarmName(db: Db, name: string): Promise<FarmName> {
  await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: FARM_NAME_KEY, value: name })
      .onConflictDoUpdate({ target: settings.key, set: { value: name } });
    // Its audit row says what it is now; the screens reading it (tagged 'users') ask again.
    await recordChange(tx, {
      tags: ['users'],
      audience: [audiences.farmStore, audiences.public],
      audit: { summary: `the farm is now called ${name}` },
    });
  });
  return { name, source: 'settings' };
}
