// Webhooks (decision 063): the farm store registers endpoints and gets each one's signing secret once;
// sendDue() posts the committed deliveries, endpoint by endpoint in the order they were written, each
// endpoint held by one instance at a time, retrying with back-off for 24 hours.
import { randomBytes } from 'node:crypto';
import { integrationMessages as m, TEST_EVENT, type WebhookBody } from '../../../shared/integrations.ts';
import type { Db } from '../../db/client.ts';
import { audiences, recordChange } from '../../lib/changes.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import type { Caller } from '../../lib/ownership.ts';
import { AddressRefused, checkUrl, resolveTarget } from './addresses.ts';
import * as repo from './repository.ts';
import { type Outcome, post } from './sender.ts';

export type WebhookSettings = { allowPrivate: boolean; timeoutMs: number };

const change = { tags: ['integrations'] as const, audience: [audiences.farmStore] };

/** How many deliveries each endpoint's list shows. */
export const RECENT_DELIVERIES = 20;

export async function registerWebhook(db: Db, caller: Caller, body: WebhookBody, settings: WebhookSettings) {
  const url = checkUrl(body.url, settings.allowPrivate);
  if (typeof url === 'string') throw badRequest(url, { url });
  try {
    await resolveTarget(url, settings.allowPrivate);
  } catch (err) {
    if (err instanceof AddressRefused) throw badRequest(err.message, { url: err.message });
    throw err;
  }
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    const row = await repo.insertEndpoint(tx, {
      url: url.toString(),
      events: [...new Set(body.events)],
      secret,
      createdBy: caller.id,
    });
    // The secret is in no summary: only the address and the events.
    await recordChange(tx, { ...change, audit: { record: row.id, summary: `${row.url}: ${row.events.join(', ')}` } });
    return { ...row, secret };
  });
}

export const listWebhooks = (db: Db) => repo.listEndpoints(db);

export async function deleteWebhook(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const row = await repo.deleteEndpoint(tx, id);
    if (!row) throw notFound(m.webhookNotFound);
    await recordChange(tx, { ...change, audit: { summary: row.url } });
  });
}

export async function listDeliveries(db: Db, id: number) {
  if (!(await repo.findEndpoint(db, id))) throw notFound(m.webhookNotFound);
  return repo.recentDeliveries(db, id, RECENT_DELIVERIES);
}

/** A `webhook.test` delivery to this one endpoint, sent like any other. */
export async function sendTest(db: Db, id: number) {
  return db.transaction(async (tx) => {
    if (!(await repo.findEndpoint(tx, id))) throw notFound(m.webhookNotFound);
    const row = await repo.insertDelivery(tx, id, TEST_EVENT, { message: 'A test delivery from Cratekeeper' });
    await recordChange(tx, { ...change, audit: { summary: `delivery ${row.deliveryId}` } });
    return row;
  });
}

export async function resendDelivery(db: Db, id: number, deliveryId: number) {
  return db.transaction(async (tx) => {
    const row = await repo.requeueDelivery(tx, id, deliveryId);
    if (!row) throw notFound(m.deliveryNotFound);
    await recordChange(tx, { ...change, audit: { summary: `delivery ${row.deliveryId}` } });
    return row;
  });
}

/** Seconds before the next try after `attempts` failed ones: 10 s, 30 s, 1, 2, 5 minutes, then every 10. */
export function retryDelaySeconds(attempts: number): number {
  const steps = [10, 30, 60, 120, 300];
  return steps[attempts - 1] ?? 600;
}

/** A lease outlives any round: a round stops starting sends after ROUND_SECONDS. */
const LEASE_SECONDS = 120;
const ROUND_SECONDS = 60;

type Deps = { db: Db; settings: WebhookSettings; log: { warn(obj: unknown, msg: string): void } };

/** One try of a delivery: the address checked again, then the POST. */
async function attempt(
  deps: Deps,
  endpoint: repo.Claimed,
  d: NonNullable<Awaited<ReturnType<typeof repo.headDelivery>>>,
): Promise<Outcome> {
  const url = checkUrl(endpoint.url, deps.settings.allowPrivate);
  if (typeof url === 'string') return { ok: false, statusCode: null, error: url };
  try {
    const target = await resolveTarget(url, deps.settings.allowPrivate);
    return await post(target, endpoint.secret, d, deps.settings.timeoutMs);
  } catch (err) {
    if (err instanceof AddressRefused) return { ok: false, statusCode: null, error: err.message };
    throw err;
  }
}

/** Sends the claimed endpoint's due deliveries in order until one fails, none is due, or the round is over. */
async function drain(deps: Deps, endpoint: repo.Claimed): Promise<number> {
  const started = Date.now();
  let sent = 0;
  while (Date.now() - started < ROUND_SECONDS * 1000) {
    const head = await repo.headDelivery(deps.db, endpoint.id);
    if (!head?.due) break;
    if (head.giveUp) {
      await repo.markGivenUp(deps.db, head.id);
      continue;
    }
    const outcome = await attempt(deps, endpoint, head);
    if (outcome.ok) {
      await repo.markDelivered(deps.db, head.id, outcome.statusCode);
      sent++;
      continue;
    }
    await repo.markAttemptFailed(deps.db, head.id, outcome, retryDelaySeconds(head.attempts + 1));
  }
  return sent;
}

/**
 * Sends what is due, endpoint by endpoint (each under its lease, so several instances never send one
 * endpoint's deliveries at once nor out of order). Answers how many were delivered.
 */
export async function sendDue(deps: Deps): Promise<number> {
  let delivered = 0;
  const seen = new Set<number>();
  for (;;) {
    const endpoint = await repo.claimEndpoint(deps.db, LEASE_SECONDS);
    if (!endpoint) break;
    try {
      delivered += await drain(deps, endpoint);
    } finally {
      await repo.releaseEndpoint(deps.db, endpoint);
    }
    // An endpoint whose head keeps coming due again (a resend meanwhile) waits for the next round.
    if (seen.has(endpoint.id)) break;
    seen.add(endpoint.id);
  }
  return delivered;
}
