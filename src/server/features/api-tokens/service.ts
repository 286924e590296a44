// API tokens (decision 063): a person makes, lists and revokes their own. The farm store may make read
// or write tokens, a market agent read tokens only. The token itself is answered once; only its hash is kept.
import { and, desc, eq, isNull } from 'drizzle-orm';
import { type ApiTokenBody, integrationMessages } from '../../../shared/integrations.ts';
import type { Db } from '../../db/client.ts';
import { apiTokens } from '../../db/schema/index.ts';
import { insertApiToken } from '../../lib/api-tokens.ts';
import { audiences, recordChange } from '../../lib/changes.ts';
import { badRequest, forbidden, notFound } from '../../lib/http-error.ts';
import type { Caller } from '../../lib/ownership.ts';

const listed = {
  id: apiTokens.id,
  name: apiTokens.name,
  scope: apiTokens.scope,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
};

/** The caller's tokens that were not revoked (an expired one is listed, with its expiry), newest first. */
export async function listTokens(db: Db, caller: Caller) {
  return db
    .select(listed)
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, caller.id), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.id));
}

export async function createToken(db: Db, caller: Caller, body: ApiTokenBody) {
  if (body.scope === 'write' && caller.role !== 'farm_store') throw forbidden(integrationMessages.agentWriteToken);
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw badRequest(integrationMessages.expiryPast, { expiresAt: integrationMessages.expiryPast });
  }
  return db.transaction(async (tx) => {
    const created = await insertApiToken(tx, { userId: caller.id, name: body.name, scope: body.scope, expiresAt });
    await recordChange(tx, {
      tags: ['integrations'],
      audience: [audiences.user(caller.id)],
      audit: { record: created.id, summary: `“${created.name}”, ${created.scope}` },
    });
    return created;
  });
}

/** Revokes one of the caller's own tokens at once; another's, or one already revoked, is not found. */
export async function revokeToken(db: Db, caller: Caller, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, caller.id), isNull(apiTokens.revokedAt)))
      .returning({ name: apiTokens.name });
    if (!row) throw notFound(integrationMessages.tokenNotFound);
    await recordChange(tx, {
      tags: ['integrations'],
      audience: [audiences.user(caller.id)],
      audit: { summary: `“${row.name}”` },
    });
  });
}
