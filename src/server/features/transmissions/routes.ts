// /api/transmissions: list, create, acknowledge by count, the sidebar badge, flagged differences.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../shared/auth.ts';
import { roleHasPermission } from '../../../shared/permissions.ts';
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
import { forbidden } from '../../lib/http-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const tags = ['transmissions'];

const transmissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'read:transmission:own' },
      schema: { tags, querystring: transmissionListQuery, response: { 200: transmissionListResponse } },
    },
    async (request) => service.listTransmissions(app.db, currentUser(request), request.query),
  );

  app.get(
    '/recent',
    {
      config: { access: 'read:transmission:own' },
      schema: { tags, querystring: recentTransmissionsQuery, response: { 200: transmissionListResponse } },
    },
    async (request) => service.listTransmissions(app.db, currentUser(request), { limit: request.query.limit }),
  );

  app.get(
    '/incoming',
    {
      config: { access: 'acknowledge:transmission:own' },
      schema: { tags, querystring: transmissionListQuery, response: { 200: transmissionListResponse } },
    },
    async (request) => service.listIncoming(app.db, currentUser(request), request.query),
  );

  app.get(
    '/pending-count',
    {
      config: { access: 'read:transmission:own' },
      schema: { tags, response: { 200: pendingCountResponse } },
    },
    async (request) => ({ count: await service.countPendingFor(app.db, currentUser(request).id) }),
  );

  app.get(
    '/flagged',
    {
      config: { access: 'resolve:transmission:any' },
      schema: { tags, querystring: flaggedTransmissionsQuery, response: { 200: transmissionListResponse } },
    },
    async (request) => service.listFlagged(app.db, request.query),
  );

  app.post(
    '/',
    {
      // Each role's own rule is in the service: farm store sends, agents return, suppliers request.
      config: { access: 'signed-in' },
      schema: { tags, body: createTransmissionBody, response: { 201: transmissionSchema } },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      const mayCreate =
        roleHasPermission(caller.role, 'create:transmission:any') ||
        roleHasPermission(caller.role, 'create:transmission:return') ||
        roleHasPermission(caller.role, 'create:crate-request:own');
      if (!mayCreate) throw forbidden(messages.forbidden);
      const created = await service.createTransmission(app.db, caller, request.body);
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
      ),
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
