// The webhooks' outbox (decision 063): a write that other systems may want to hear of calls
// emitWebhookEvent() in its own transaction, which writes one delivery for each endpoint that asked for
// the event. Nothing is written if the transaction rolls back; the sender (features/webhooks/sender.ts)
// posts what committed. A core module: every feature that changes such a record calls it.
import { sql } from 'drizzle-orm';
import type { WebhookEvent } from '../../shared/integrations.ts';
import type { Executor } from '../db/client.ts';

/** JSON the event carries as `data`: ids, counts, dates — what a record's owner would read anyway. */
export type WebhookData = Record<string, string | number | boolean | null>;

export async function emitWebhookEvent(tx: Executor, type: WebhookEvent, data: WebhookData): Promise<void> {
  await tx.execute(sql`
    insert into webhook_deliveries (endpoint_id, event_type, data)
    select id, ${type}, ${JSON.stringify(data)}::jsonb from webhook_endpoints where ${type} = any(events)`);
}

/** A transmission as its events tell it. */
export const transmissionData = (t: {
  id: number;
  type: string;
  status: string;
  quantity: number;
  actualQuantity: number | null;
  marketAgentId: number | null;
  isFlagged: boolean;
}): WebhookData => ({
  transmissionId: t.id,
  type: t.type,
  status: t.status,
  quantity: t.quantity,
  actualQuantity: t.actualQuantity,
  marketAgentId: t.marketAgentId,
  flagged: t.isFlagged,
});
