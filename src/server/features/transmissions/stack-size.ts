// The farm's usual stack size (decision 073): crates per labelled stack when a delivery is sent without
// its own stackSize; one `settings` row, none (no stacks) until the farm store sets it in Settings.
import { eq } from 'drizzle-orm';
import { STACK_SIZE_MAX } from '../../../shared/stack-labels.ts';
import type { UsualStackSize } from '../../../shared/transmissions.ts';
import type { Db, Executor } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import { audiences, recordChange } from '../../lib/changes.ts';

/** Its row in `settings`. */
const USUAL_STACK_SIZE_KEY = 'usual_stack_size';

/** The saved size, or null (no stacks); a row that is not a size in range counts as none. */
export async function readUsualStackSize(db: Executor): Promise<number | null> {
  const [row] = await db.select().from(settings).where(eq(settings.key, USUAL_STACK_SIZE_KEY));
  const size = row ? Number(row.value) : Number.NaN;
  return Number.isInteger(size) && size >= 1 && size <= STACK_SIZE_MAX ? size : null;
}

/** Sets (or with null clears) the usual size for every instance: each reads it from the database. */
export async function saveUsualStackSize(db: Db, { stackSize }: UsualStackSize): Promise<UsualStackSize> {
  await db.transaction(async (tx) => {
    if (stackSize === null) await tx.delete(settings).where(eq(settings.key, USUAL_STACK_SIZE_KEY));
    else {
      const value = String(stackSize);
      await tx
        .insert(settings)
        .values({ key: USUAL_STACK_SIZE_KEY, value })
        .onConflictDoUpdate({ target: settings.key, set: { value } });
    }
    await recordChange(tx, {
      tags: ['transmissions'],
      audience: [audiences.farmStore],
      audit: { summary: stackSize === null ? 'usual stack size: none' : `usual stack size: ${stackSize} crates` },
    });
  });
  return { stackSize };
}
