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
import type { Language } from '../../../shared/i18n/languages.ts';
import type { Db } from '../../db/client.ts';
import { audiences, recordChange } from '../../lib/changes.ts';
import { html, printableDocument, SafeHtml } from '../../lib/html.ts';
import { notFound, tooManyRequests } from '../../lib/http-error.ts';
import { formatDateIn, type Translator, translatorFor } from '../../lib/i18n.ts';
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

/** The same 404 for any token that finds nothing, in the reader's (browser's) language. */
const notFoundPage = (tr: Translator): LinkPage => ({
  status: 404,
  html: printableDocument(
    tr.t('balance-statements.linkNotFound'),
    styles,
    html`<p>${tr.t('balance-statements.linkNotWorking')}</p>`,
    { icon: true, lang: tr.language },
  ),
});

/** A farm day as 'YYYY-MM-DD' in the farm's time zone (en-CA writes dates that way). */
const farmDay = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' });

/** The page /s/{token} answers: the client's statement, or the same 404 for any token that finds none. */
export async function linkPage(
  db: Db,
  token: string,
  {
    address,
    farmName,
    timeZone,
    language,
  }: { address: string; farmName: string; timeZone: string; language: Language },
): Promise<LinkPage> {
  // Until the client is known, the browser's language; the page itself is in the client's (decision 065).
  const reader = translatorFor(language);
  if (!(await consumeRateLimit(db, `statement-page:${address}`, PAGES_PER_TEN_MINUTES, 600))) {
    return {
      status: 429,
      html: printableDocument(
        reader.t('balance-statements.linkTooMany'),
        styles,
        html`<p>${reader.t('balance-statements.linkTryLater')}</p>`,
        { icon: true, lang: reader.language },
      ),
    };
  }
  if (!TOKEN_FORM.test(token)) return notFoundPage(reader);
  const clientId = await repo.clientOfLink(db, hashOf(token));
  if (clientId === null) return notFoundPage(reader);
  const client = await repo.linkedClient(db, clientId);
  if (!client) return notFoundPage(reader);
  const since = new Date(Date.now() - STATEMENT_LINK_HISTORY_DAYS * 24 * 3600 * 1000);
  const entries = (await clientMovements(db, clientId)).filter((e) => e.occurredAt >= since).reverse();
  const held = (await clientBalances(db, [clientId])).get(clientId) ?? 0;
  const tr = translatorFor(client.language);
  const say = (key: string, values?: Record<string, string | number>) => tr.t(`balance-statements.${key}`, values);
  const day = farmDay(timeZone);
  const days = STATEMENT_LINK_HISTORY_DAYS;
  const body = html`<p class="meta">${say('linkMeta', { client: client.clientName, agent: client.agentName, farm: farmName })}</p>
<p class="held">${say('linkHeld')} <strong>${held}</strong></p>
<h2>${say('linkHistory', { days })}</h2>
${
  entries.length === 0
    ? html`<p>${say('linkNone', { days })}</p>`
    : html`<table><thead><tr><th scope="col">${say('linkDate')}</th><th scope="col">${say('linkEntry')}</th><th scope="col" class="num">${say('linkCrates')}</th><th scope="col" class="num">${say('linkBalance')}</th></tr></thead>
<tbody>${entries.map(
        (e) =>
          html`<tr><td>${formatDateIn(tr, day.format(e.occurredAt))}</td><td>${say(e.kind === 'lend' ? 'linkLent' : 'linkReturned')}</td><td class="num">${e.kind === 'lend' ? '+' : '−'}${e.quantity}</td><td class="num">${e.balance}</td></tr>`,
      )}</tbody></table>`
}
<p class="meta">${say('linkReadOnly', { agent: client.agentName })}</p>`;
  return {
    status: 200,
    html: printableDocument(say('linkTitle', { business: client.businessName }), styles, body, {
      icon: true,
      lang: tr.language,
    }),
  };
}
