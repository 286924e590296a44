// API tokens (decision 063): `ck_` and 32 random bytes (base64url), only their SHA-256 stored, read by
// the auth plugin for a request with `Authorization: Bearer ck_…`. A core module: the auth plugin, the
// session ends (lib/sessions.ts) and the api-tokens feature use it.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { TOKEN_PREFIX, type TokenScope } from '../../shared/integrations.ts';
import type { Executor } from '../db/client.ts';
import { apiTokens, marketAgents, suppliers, users } from '../db/schema/index.ts';
import { hashToken } from './sessions.ts';

export const newApiToken = () => `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

/** A bearer credential that could be a token: its shape only (the database decides the rest). */
export const looksLikeApiToken = (value: string) => /^ck_[A-Za-z0-9_-]{43,200}$/.test(value);

/** The token from an Authorization header, '' for a Bearer that is not one, null without a Bearer. */
export function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return header.toLowerCase().startsWith('bearer') ? '' : null;
  return looksLikeApiToken(match[1]!) ? match[1]! : '';
}

/** Don't write last-used more often than this: a busy script would write on every read. */
const LAST_USED_EVERY = sql`interval '1 minute'`;

/**
 * The live token behind `token` (not revoked, not expired, its owner active) with the owner and the
 * records it acts as; null otherwise. Notes its use at most once a minute.
 */
export async function findTokenUser(db: Executor, token: string) {
  const [row] = await db
    .select({
      user: users,
      tokenId: apiTokens.id,
      tokenName: apiTokens.name,
      scope: apiTokens.scope,
      stale: sql<boolean>`${apiTokens.lastUsedAt} is null or ${apiTokens.lastUsedAt} < now() - ${LAST_USED_EVERY}`,
      marketAgentId: marketAgents.id,
      supplierId: suppliers.id,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(marketAgents, eq(marketAgents.userId, users.id))
    .leftJoin(suppliers, eq(suppliers.userId, users.id))
    .where(
      and(
        eq(apiTokens.tokenHash, hashToken(token)),
        isNull(apiTokens.revokedAt),
        sql`(${apiTokens.expiresAt} is null or ${apiTokens.expiresAt} > now())`,
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (row.stale) await db.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, row.tokenId));
  return row;
}

export async function insertApiToken(
  db: Executor,
  values: { userId: number; name: string; scope: TokenScope; expiresAt: Date | null },
) {
  const token = newApiToken();
  const [row] = await db
    .insert(apiTokens)
    .values({ ...values, tokenHash: hashToken(token) })
    .returning({
      id: apiTokens.id,
      name: apiTokens.name,
      scope: apiTokens.scope,
      createdAt: apiTokens.createdAt,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
    });
  return { ...row!, token };
}
