// API tokens and webhooks (decision 063): the shapes both sides use, the event names, and the words
// (their English in src/shared/i18n/en/integrations.json, decision 065).
import { z } from 'zod';
import { idParam, oneOf, requiredText } from './fields.ts';
import { instant } from './http.ts';
import integrationsEnglish from './i18n/en/integrations.json' with { type: 'json' };
import { addEnglish, english } from './i18n/english.ts';

addEnglish({ integrations: integrationsEnglish });

export const tokenScopes = ['read', 'write'] as const;
export type TokenScope = (typeof tokenScopes)[number];

/** What a token is called in an Authorization header: `Bearer ck_…`. */
export const TOKEN_PREFIX = 'ck_';

export const integrationMessages = {
  tokenName: english('integrations.msgTokenName'),
  expiryPast: english('integrations.msgExpiryPast'),
  agentWriteToken: english('integrations.msgAgentWriteToken'),
  tokenNotFound: english('integrations.msgTokenNotFound'),
  tokenUnknown: english('integrations.msgTokenUnknown'),
  tokenReadOnly: english('integrations.msgTokenReadOnly'),
  sessionOnly: english('integrations.msgSessionOnly'),
  webhookUrl: english('integrations.msgWebhookUrl'),
  webhookHttps: english('integrations.msgWebhookHttps'),
  webhookCredentials: english('integrations.msgWebhookCredentials'),
  webhookEvents: english('integrations.msgWebhookEvents'),
  webhookNotFound: english('integrations.msgWebhookNotFound'),
  deliveryNotFound: english('integrations.msgDeliveryNotFound'),
  privateAddress: english('integrations.msgPrivateAddress'),
  unresolvable: english('integrations.msgUnresolvable'),
} as const;

export const apiTokenBody = z.strictObject({
  name: requiredText(integrationMessages.tokenName, 100),
  scope: oneOf('scope', tokenScopes),
  /** Optional: after this moment the token answers 401. */
  expiresAt: z.iso.datetime({ offset: true, error: integrationMessages.expiryPast }).optional(),
});
export type ApiTokenBody = z.infer<typeof apiTokenBody>;

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(tokenScopes),
  createdAt: instant,
  expiresAt: instant.nullable(),
  lastUsedAt: instant.nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenList = z.array(apiTokenSchema);
/** The answer to a creation: the token itself, this once. */
export const createdApiToken = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiToken>;

export const webhookEvents = [
  'transmission.created',
  'transmission.acknowledged',
  'transmission.flagged',
  'loan.created',
  'loan.returned',
  'stock_take.completed',
  'billing.cycle.created',
  'billing.payment.recorded',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
/** What POST /api/webhooks/{id}/test sends: never subscribed to, always to the one endpoint. */
export const TEST_EVENT = 'webhook.test';

export const webhookBody = z.strictObject({
  url: requiredText(integrationMessages.webhookUrl, 2000),
  events: z
    .array(oneOf('events', webhookEvents), { error: integrationMessages.webhookEvents })
    .min(1, integrationMessages.webhookEvents)
    .max(webhookEvents.length),
});
export type WebhookBody = z.infer<typeof webhookBody>;

export const deliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  createdAt: instant,
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookList = z.array(webhookSchema);
/** The answer to a registration: the signing secret, this once. */
export const createdWebhook = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhook>;

export const deliverySchema = z.object({
  id: z.number().int(),
  deliveryId: z.string(),
  eventType: z.string(),
  status: z.enum(deliveryStatuses),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: instant,
  lastAttemptAt: instant.nullable(),
  deliveredAt: instant.nullable(),
  nextAttemptAt: instant.nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;
export const deliveryList = z.array(deliverySchema);

export const deliveryParams = z.object({ id: idParam(), deliveryId: idParam() });

export const testDeliveryAnswer = z.object({ id: z.number().int(), deliveryId: z.string() });
