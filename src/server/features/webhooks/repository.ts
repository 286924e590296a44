// Webhook endpoints and their deliveries (decision 063): what the farm store registered, and the
// outbox rows the sender claims, endpoint by endpoint, under a lease, in the order they were written.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';

/** What a list shows of an endpoint: never its secret. */
export const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  createdAt: webhookEndpoints.createdAt,
};

export const deliveryColumns = {
  id: webhookDeliveries.id,
  deliveryId: webhookDeliveries.deliveryId,
  eventType: webhookDeliveries.eventType,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastError: webhookDeliveries.lastError,
  createdAt: webhookDeliveries.createdAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  deliveredAt: webhookDeliveries.deliveredAt,
  nextAttemptAt:
    sql<Date | null>`case when ${webhookDeliveries.status} = 'pending' then ${webhookDeliveries.nextAttemptAt} end`.mapWith(
      (v) => (v === null ? null : new Date(v)),
    ),
};

export async function insertEndpoint(
  db: Executor,
  values: { url: string; events: string[]; secret: string; createdBy: number },
) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning(endpointColumns);
  return row!;
}

export const listEndpoints = (db: Executor) =>
  db.select(endpointColumns).from(webhookEndpoints).orderBy(desc(webhookEndpoints.id));

export async function deleteEndpoint(db: Executor, id: number) {
  const [row] = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning(endpointColumns);
  return row ?? null;
}

export async function findEndpoint(db: Executor, id: number) {
  const [row] = await db.select(endpointColumns).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ?? null;
}

/** The endpoint's newest deliveries. */
export const recentDeliveries = (db: Executor, endpointId: number, limit: number) =>
  db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);

export async function insertDelivery(db: Executor, endpointId: number, eventType: string, data: unknown) {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ endpointId, eventType, data })
    .returning({ id: webhookDeliveries.id, deliveryId: webhookDeliveries.deliveryId });
  return row!;
}

/** Sends a delivery again (the same id): pending now, with another 24 hours of tries. */
export async function requeueDelivery(db: Executor, endpointId: number, id: number) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: sql`now()`, giveUpAt: sql`now() + interval '24 hours'` })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)))
    .returning({ id: webhookDeliveries.id, deliveryId: webhookDeliveries.deliveryId });
  return row ?? null;
}

export type Claimed = { id: number; url: string; secret: string; lease: string };

/**
 * Takes the lease of one endpoint whose oldest pending delivery is due and that no live lease holds.
 * SKIP LOCKED: instances claiming at the same moment each get another endpoint (or none).
 */
export async function claimEndpoint(db: Executor, leaseSeconds: number): Promise<Claimed | null> {
  const lease = randomBytes(12).toString('hex');
  const result = await db.execute<{ id: number; url: string; secret: string }>(sql`
    update webhook_endpoints set lease_token = ${lease}, lease_until = now() + make_interval(secs => ${leaseSeconds})
    where id = (
      select e.id from webhook_endpoints e
      where (e.lease_until is null or e.lease_until < now())
        and (select d.next_attempt_at from webhook_deliveries d
             where d.endpoint_id = e.id and d.status = 'pending' order by d.id limit 1) <= now()
      order by e.id limit 1
      for update of e skip locked)
    returning id, url, secret`);
  const row = result.rows[0];
  return row ? { id: Number(row.id), url: row.url, secret: row.secret, lease } : null;
}

/** Gives the lease back (only the holder's own). */
export async function releaseEndpoint(db: Executor, claimed: Claimed) {
  await db.execute(sql`
    update webhook_endpoints set lease_token = null, lease_until = null
    where id = ${claimed.id} and lease_token = ${claimed.lease}`);
}

/** The endpoint's oldest pending delivery: the only one that may go next (order per endpoint). */
export async function headDelivery(db: Executor, endpointId: number) {
  const result = await db.execute<{
    id: number;
    delivery_id: string;
    event_type: string;
    data: unknown;
    created_at: string | Date;
    attempts: number;
    due: boolean;
    give_up: boolean;
  }>(sql`
    select id, delivery_id, event_type, data, created_at, attempts,
           next_attempt_at <= now() as due, give_up_at <= now() as give_up
    from webhook_deliveries where endpoint_id = ${endpointId} and status = 'pending'
    order by id limit 1`);
  const r = result.rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    deliveryId: r.delivery_id,
    eventType: r.event_type,
    data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data,
    createdAt: new Date(r.created_at),
    attempts: Number(r.attempts),
    due: r.due,
    giveUp: r.give_up,
  };
}

export async function markDelivered(db: Executor, id: number, statusCode: number | null) {
  await db.execute(sql`
    update webhook_deliveries set status = 'delivered', delivered_at = now(), last_attempt_at = now(),
      attempts = attempts + 1, last_status_code = ${statusCode}, last_error = null
    where id = ${id} and status = 'pending'`);
}

/**
 * A failed attempt: tried again after `retryInSeconds`, or failed for good when that is past its 24
 * hours (the endpoint's next deliveries then go on).
 */
export async function markAttemptFailed(
  db: Executor,
  id: number,
  outcome: { statusCode: number | null; error: string | null },
  retryInSeconds: number,
) {
  await db.execute(sql`
    update webhook_deliveries set attempts = attempts + 1, last_attempt_at = now(),
      last_status_code = ${outcome.statusCode}, last_error = ${outcome.error},
      next_attempt_at = now() + make_interval(secs => ${retryInSeconds}),
      status = case when now() + make_interval(secs => ${retryInSeconds}) > give_up_at then 'failed' else 'pending' end
    where id = ${id} and status = 'pending'`);
}

/** A delivery whose 24 hours ran out before another try: failed. */
export async function markGivenUp(db: Executor, id: number) {
  await db.execute(sql`update webhook_deliveries set status = 'failed' where id = ${id} and status = 'pending'`);
}
