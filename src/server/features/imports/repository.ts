// The imports table: one row per committed file, found by its SHA-256 (decision 050).
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { imports, users } from '../../db/schema/index.ts';

export async function findBySha(db: Executor, sha256: string) {
  const [row] = await db
    .select({ id: imports.id, createdAt: imports.createdAt })
    .from(imports)
    .where(eq(imports.sha256, sha256))
    .limit(1);
  return row ?? null;
}

export async function insertImport(db: Executor, values: typeof imports.$inferInsert): Promise<number> {
  const [row] = await db.insert(imports).values(values).returning({ id: imports.id });
  return row.id;
}

export async function listImports(db: Executor, limit: number) {
  return db
    .select({
      id: imports.id,
      fileName: imports.fileName,
      rowCount: imports.rowCount,
      agentsCreated: imports.agentsCreated,
      clientsCreated: imports.clientsCreated,
      createdAt: imports.createdAt,
      createdByName: users.name,
    })
    .from(imports)
    .leftJoin(users, eq(users.id, imports.createdBy))
    .orderBy(desc(imports.id))
    .limit(limit);
}
