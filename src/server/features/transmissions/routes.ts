// /api/transmissions: list, create, acknowledge by count, recall, the sidebar badge, flagged differences.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Permission } from '../../../shared/permissions.ts';
import {
  acknowledgeBody,
  createTransmissionBody,
  flaggedTransmissionsQuery,
  pendingCountResponse,
  recentTransmissionsQuery,
  resolveTransmissionBody,
  transmissionIdParams,
  transmissionListQuery,
  transmissionListResponse,
  transmissionSchema,
} from '../../../shared/transmissions.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const tags = ['transmissions'];

/** The lists all answer with one page of transmissions; they differ in who may read and the filter. */
const transmissionList = <Query extends z.ZodType>(access: Permission, querystring: Query) => ({
  config: { access },
  schema: { tags, querystring, response: { 200: transmissionListResponse } },
});

const transmissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', transmissionList('read:transmission:own', transmissionListQuery), async (request) =>
    service.listTransmissions(app.db, currentUser(request), request.query),
  );

  app.get('/recent', transmissionList('read:transmission:own', recentTransmissionsQuery), async (request) =>
    service.listTransmissions(app.db, currentUser(request), { limit: request.query.limit }),
  );

  app.get('/incoming', transmissionList('read:transmission:own', transmissionListQuery), async (request) =>
    service.listIncoming(app.db, currentUser(request), request.query),
  );

  app.get(
    '/pending-count',
    {
      config: { access: 'read:transmission:own' },
      schema: { tags, response: { 200: pendingCountResponse } },
    },
    async (request) => ({ count: await service.countPendingFor(app.db, currentUser(request)) }),
  );

  app.get('/flagged', transmissionList('read:transmission:any', flaggedTransmissionsQuery), async (request) =>
    service.listFlagged(app.db, request.query),
  );

  app.post(
    '/',
    {
      // The service checks the permission of the kind sent: create:transmission:any (farm store),
      // create:transmission:return (agents), create:crate-request:own (suppliers).
      config: { access: 'create:transmission:own' },
      schema: { tags, body: createTransmissionBody, response: { 201: transmissionSchema } },
    },
    async (request, reply) => {
      const created = await service.createTransmission(app.db, currentUser(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/:id/acknowledge',
    {
      config: { access: 'acknowledge:transmission:own' },
      schema: { tags, params: transmissionIdParams, body: acknowledgeBody, response: { 200: transmissionSchema } },
    },
    async (request) =>
      service.acknowledgeTransmission(
        app.db,
        currentUser(request),
        request.params.id,
        request.body?.actualQuantity ?? null,
        { timeZone: app.config.farmTimezone },
      ),
  );

  // Recall (docs/decisions/012): the sender takes back a still-pending transmission; no body.
  app.put(
    '/:id/recall',
    {
      config: { access: 'recall:transmission:own' },
      schema: { tags, params: transmissionIdParams, response: { 200: transmissionSchema } },
    },
    async (request) => service.recallTransmission(app.db, currentUser(request), request.params.id),
  );

  app.put(
    '/:id/resolve',
    {
      config: { access: 'resolve:transmission:any' },
      schema: {
        tags,
        params: transmissionIdParams,
        body: resolveTransmissionBody,
        response: { 200: transmissionSchema },
      },
    },
    async (request) =>
      service.resolveFlaggedTransmission(app.db, currentUser(request), request.params.id, request.body),
  );
};

export default transmissionRoutes;
