// A client's statement link (decision 064): the agent sends it from the client's card; /s/{token}
// shows that client's crates out, loans and returns of the last 90 days under the agent's and the
// farm's names, read-only, without sign-in. The token is 256 random bits, kept only as its SHA-256;
// it expires after 30 days and can be revoked. A wrong, expired or revoked token finds nothing, all
// alike. This page is a recorded departure from SPEC §2's "any other path shows the landing page".
import { createHash, randomBytes } from 'node:crypto';
import {
  balanceStatementMessages as m,
  STATEMENT_LINK_DAYS,
  STATEMENT_LINK_HISTORY_DAYS,
} from '../../../shared/balance-statements.ts';
import type { Db } from '../../db/client.ts';
import { audiences, recordChange } from '../../lib/changes.ts';
import { html, printableDocument, SafeHtml } from '../../lib/html.ts';
import { notFound, tooManyRequests } from '../../lib/http-error.ts';
import type { Caller } from '../../lib/ownership.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import * as clients from '../clients/service.ts';
import { clientBalances, clientMovements } from '../crates/balances.ts';
import * as repo from './repository.ts';

/** Links one agent may make an hour. */
export const LINKS_PER_HOUR = 30;
/** Pages one address may open in ten minutes (a token can't be guessed; this keeps anyone from trying). */
export const PAGES_PER_TEN_MINUTES = 60;

export const TOKEN_FORM = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createLink(
  db: Db,
  caller: Caller & { id: number },
  clientId: number,
  { origin, loanOverdueDays }: { origin: string; loanOverdueDays: number },
) {
  // 404 for another agent's client (the clients feature's ownership rule).
  await clients.getClient(db, caller, clientId, { loanOverdueDays });
  if (!(await consumeRateLimit(db, `statement-links:${caller.id}`, LINKS_PER_HOUR, 3600))) {
    throw tooManyRequests(m.linkRateLimited);
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + STATEMENT_LINK_DAYS * 24 * 3600 * 1000);
  const id = await db.transaction(async (tx) => {
    const linkId = await repo.insertLink(tx, { clientId, tokenHash: hashOf(token), createdBy: caller.id, expiresAt });
    await recordChange(tx, {
      tags: ['clients'],
      audience: [audiences.user(caller.id)],
      audit: { record: linkId, summary: `statement link for client ${clientId}, until ${expiresAt.toISOString()}` },
    });
    return linkId;
  });
  return { id, url: `${origin}/s/${token}`, expiresAt };
}

export async function revokeLink(
  db: Db,
  caller: Caller & { id: number },
  clientId: number,
  linkId: number,
  { loanOverdueDays }: { loanOverdueDays: number },
) {
  await clients.getClient(db, caller, clientId, { loanOverdueDays });
  await db.transaction(async (tx) => {
    if (!(await repo.revokeLink(tx, clientId, linkId))) throw notFound(m.linkNotFound);
    await recordChange(tx, {
      tags: ['clients'],
      audience: [audiences.user(caller.id)],
      audit: { record: linkId, summary: `statement link for client ${clientId} revoked` },
    });
  });
}

const styles = new SafeHtml(`
  body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1f2a1f; margin: 1rem auto; max-width: 720px; padding: 0 1rem; }
  h1 { font-size: 1.4rem; }
  .meta { color: #4a564a; }
  .held { font-size: 1.2rem; }
  table { border-collapse: collapse; width: 100%; margin: 1rem 0; font-size: 0.95rem; }
  th, td { border-bottom: 1px solid #d8e0d8; padding: 0.4rem; text-align: left; }
  .num { text-align: right; font-variant-numeric: tabular-nums; }
`);

export type LinkPage = { status: 200 | 404 | 429; html: string };

const notFoundPage = (): LinkPage => ({
  status: 404,
  html: printableDocument(
    'Statement not found',
    styles,
    html`<p>This statement link does not work. Ask your market agent for a new one.</p>`,
    { icon: true },
  ),
});

/** The page /s/{token} answers: the client's statement, or the same 404 for any token that finds none. */
export async function linkPage(
  db: Db,
  token: string,
  { address, farmName, timeZone }: { address: string; farmName: string; timeZone: string },
): Promise<LinkPage> {
  if (!(await consumeRateLimit(db, `statement-page:${address}`, PAGES_PER_TEN_MINUTES, 600))) {
    return {
      status: 429,
      html: printableDocument('Too many requests', styles, html`<p>Please try again in a few minutes.</p>`, {
        icon: true,
      }),
    };
  }
  if (!TOKEN_FORM.test(token)) return notFoundPage();
  const clientId = await repo.clientOfLink(db, hashOf(token));
  if (clientId === null) return notFoundPage();
  const client = await repo.linkedClient(db, clientId);
  if (!client) return notFoundPage();
  const since = new Date(Date.now() - STATEMENT_LINK_HISTORY_DAYS * 24 * 3600 * 1000);
  const entries = (await clientMovements(db, clientId)).filter((e) => e.occurredAt >= since).reverse();
  const held = (await clientBalances(db, [clientId])).get(clientId) ?? 0;
  const when = new Intl.DateTimeFormat('en-ZA', { timeZone, dateStyle: 'medium' });
  const body = html`<p class="meta">${client.clientName} · from ${client.agentName}, market agent of ${farmName}</p>
<p class="held">Crates with you now: <strong>${held}</strong></p>
<h2>Loans and returns, last ${STATEMENT_LINK_HISTORY_DAYS} days</h2>
${
  entries.length === 0
    ? html`<p>No loans or returns in the last ${STATEMENT_LINK_HISTORY_DAYS} days.</p>`
    : html`<table><thead><tr><th scope="col">Date</th><th scope="col">Entry</th><th scope="col" class="num">Crates</th><th scope="col" class="num">Balance</th></tr></thead>
<tbody>${entries.map(
        (e) =>
          html`<tr><td>${when.format(e.occurredAt)}</td><td>${e.kind === 'lend' ? 'Lent' : 'Returned'}</td><td class="num">${e.kind === 'lend' ? '+' : '−'}${e.quantity}</td><td class="num">${e.balance}</td></tr>`,
      )}</tbody></table>`
}
<p class="meta">Read only. Questions? Ask ${client.agentName}.</p>`;
  return {
    status: 200,
    html: printableDocument(`Crate statement: ${client.businessName}`, styles, body, { icon: true }),
  };
}
