// The produce types and qualities offers choose from (decision 068): one `settings` row holding both
// lists as JSON, the defaults until the farm store saves its own.
import { eq } from 'drizzle-orm';
import { DEFAULT_PRODUCE_TYPES, DEFAULT_QUALITIES, type ProduceLists } from '../../../shared/produce-lists.ts';
import { produceListsBody } from '../../../shared/produce-lists-schemas.ts';
import type { Db, Executor } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import { audiences, recordChange } from '../../lib/changes.ts';

/** Its row in `settings`. */
export const PRODUCE_LISTS_KEY = 'produce_lists';

const defaults = (): ProduceLists => ({ produceTypes: [...DEFAULT_PRODUCE_TYPES], qualities: [...DEFAULT_QUALITIES] });

/** The saved lists, or the defaults (also if the row were ever unreadable: offers must stay possible). */
export async function readProduceLists(db: Executor): Promise<ProduceLists> {
  const [row] = await db.select().from(settings).where(eq(settings.key, PRODUCE_LISTS_KEY));
  if (!row) return defaults();
  try {
    const parsed = produceListsBody.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : defaults();
  } catch {
    return defaults();
  }
}

/** Both lists at once, for every instance (each reads them from the database). */
export async function saveProduceLists(db: Db, lists: ProduceLists): Promise<ProduceLists> {
  const value = JSON.stringify({ produceTypes: lists.produceTypes, qualities: lists.qualities });
  await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: PRODUCE_LISTS_KEY, value })
      .onConflictDoUpdate({ target: settings.key, set: { value } });
    // The audit row says what they are now; the offer forms (tagged 'suppliers') ask again.
    await recordChange(tx, {
      tags: ['suppliers'],
      audience: [audiences.farmStore, audiences.public],
      audit: {
        summary: `produce types: ${lists.produceTypes.join(', ')}; qualities: ${lists.qualities.join(', ')}`,
      },
    });
  });
  return lists;
}
