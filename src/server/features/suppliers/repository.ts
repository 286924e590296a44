// Supplier queries.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { suppliers } from '../../db/schema/index.ts';

export async function findSupplierByUserId(db: Executor, userId: number) {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.userId, userId)).limit(1);
  return row ?? null;
}

export const toSupplierDto = (row: typeof suppliers.$inferSelect) => ({
  ...row,
  isApproved: row.status === 'approved',
});
