// /api/webhooks (decision 063): the farm store's endpoints, each one's recent deliveries, a test
// delivery and a resend. Managed from a signed-in browser only, never with an API token.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponse } from '../../../shared/auth.ts';
import { idParams } from '../../../shared/fields.ts';
import {
  createdWebhook,
  deliveryList,
  deliveryParams,
  testDeliveryAnswer,
  webhookBody,
  webhookList,
} from '../../../shared/integrations.ts';
import { audited, byPath, created, routeOptions, sessionOnly } from '../../lib/route-options.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const route = routeOptions('webhooks');

// Long: six routes, one declaration each; apart they would only repeat the settings.
const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = { allowPrivate: app.config.webhookAllowPrivateAddresses, timeoutMs: app.config.webhookTimeoutMs };

  app.get(
    '/',
    sessionOnly(
      route('read:webhook:any', 'The webhook endpoints (never their secrets).', { response: { 200: webhookList } }),
    ),
    async () => service.listWebhooks(app.db),
  );

  app.post(
    '/',
    audited(
      sessionOnly(
        route(
          'manage:webhook:any',
          'Registers an endpoint for the events named and answers its signing secret this once.',
          { body: webhookBody, response: { 201: createdWebhook } },
        ),
      ),
      created('webhook.create', 'webhook'),
    ),
    async (request, reply) =>
      reply.status(201).send(await service.registerWebhook(request.db, currentUser(request), request.body, settings)),
  );

  app.delete(
    '/:id',
    audited(
      sessionOnly(
        route('manage:webhook:any', 'Deletes an endpoint and the deliveries still waiting for it.', {
          params: idParams(),
          response: { 200: messageResponse },
        }),
      ),
      byPath('webhook.delete', 'webhook'),
    ),
    async (request) => {
      await service.deleteWebhook(request.db, request.params.id);
      return { message: 'Webhook deleted' };
    },
  );

  app.get(
    '/:id/deliveries',
    sessionOnly(
      route('read:webhook:any', "An endpoint's recent deliveries, newest first: status, answer code, time, attempts.", {
        params: idParams(),
        response: { 200: deliveryList },
      }),
    ),
    async (request) => service.listDeliveries(request.db, request.params.id),
  );

  app.post(
    '/:id/test',
    audited(
      sessionOnly(
        route('manage:webhook:any', 'Queues a webhook.test delivery to this endpoint.', {
          params: idParams(),
          response: { 202: testDeliveryAnswer },
        }),
      ),
      byPath('webhook.test', 'webhook'),
    ),
    async (request, reply) => reply.status(202).send(await service.sendTest(request.db, request.params.id)),
  );

  app.post(
    '/:id/deliveries/:deliveryId/resend',
    audited(
      sessionOnly(
        route('manage:webhook:any', 'Sends a delivery again, with the same delivery id.', {
          params: deliveryParams,
          response: { 202: testDeliveryAnswer },
        }),
      ),
      byPath('webhook.resend', 'webhook'),
    ),
    async (request, reply) =>
      reply.status(202).send(await service.resendDelivery(request.db, request.params.id, request.params.deliveryId)),
  );
};

export default webhookRoutes;
