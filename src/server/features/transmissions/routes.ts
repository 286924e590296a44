// /api/transmissions: list, create, acknowledge by count, recall, the sidebar badge, flagged differences.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Permission } from '../../../shared/permissions.ts';
import {
  acknowledgeBody,
  actionCountsResponse,
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
import { audited, byPath, cached, created, FARM_DATA, routeOptions } from '../../lib/route-options.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const route = routeOptions('transmissions');

/**
 * The lists all answer with one page of transmissions, from the read cache while the farm's records
 * stay as they are; they differ in who may read and the filter.
 */
const transmissionList = <Query extends z.ZodType>(access: Permission, querystring: Query) =>
  cached(route(access, { querystring, response: { 200: transmissionListResponse } }), FARM_DATA);

// Long: the route table of /api/transmissions, one app.<verb> per endpoint with its guard and schemas;
// it reads best as one list, and each handler is a call into the service.
const transmissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.metrics.figure({
    name: 'flagged_counts_unresolved',
    help: 'Deliveries and returns counted differently from what was sent, waiting for the farm store',
    read: () => service.unresolvedFlagCount(app.db),
  });

  app.get('/', transmissionList('read:transmission:own', transmissionListQuery), async (request) =>
    service.listTransmissions(request.db, currentUser(request), request.query),
  );

  app.get('/recent', transmissionList('read:transmission:own', recentTransmissionsQuery), async (request) =>
    service.listTransmissions(request.db, currentUser(request), { limit: request.query.limit }),
  );

  app.get('/incoming', transmissionList('read:transmission:own', transmissionListQuery), async (request) =>
    service.listIncoming(request.db, currentUser(request), request.query),
  );

  app.get('/pending-count', route.farmRead('read:transmission:own', pendingCountResponse), async (request) => ({
    count: await service.countPendingFor(request.db, currentUser(request)),
  }));

  // The sidebar's figures of what waits for the caller, by kind (decision 047); pending-count stays the
  // spec's single figure.
  app.get('/action-counts', route.farmRead('read:transmission:own', actionCountsResponse), async (request) =>
    service.actionCountsFor(request.db, currentUser(request)),
  );

  app.get('/flagged', transmissionList('read:transmission:any', flaggedTransmissionsQuery), async (request) =>
    service.listFlagged(request.db, currentUser(request), request.query),
  );

  app.post(
    '/',
    // The service checks the permission of the kind sent: create:transmission:any (farm store),
    // create:transmission:return (agents), create:crate-request:own (suppliers).
    audited(
      route('create:transmission:own', { body: createTransmissionBody, response: { 201: transmissionSchema } }),
      created('transmission.create', 'transmission'),
    ),
    async (request, reply) => {
      const created = await service.createTransmission(request.db, currentUser(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/:id/acknowledge',
    audited(
      route('acknowledge:transmission:own', {
        params: transmissionIdParams,
        body: acknowledgeBody,
        response: { 200: transmissionSchema },
      }),
      byPath('transmission.acknowledge', 'transmission'),
    ),
    async (request) =>
      service.acknowledgeTransmission(
        request.db,
        currentUser(request),
        request.params.id,
        request.body?.actualQuantity ?? null,
        {
          timeZone: app.config.farmTimezone,
          damage: { quantity: request.body?.damagedQuantity ?? 0, reason: request.body?.damageReason ?? null },
          scannedStacks: request.body?.scannedStacks,
        },
      ),
  );

  // Recall (docs/decisions/012): the sender takes back a still-pending transmission; no body.
  app.put(
    '/:id/recall',
    audited(
      route('recall:transmission:own', { params: transmissionIdParams, response: { 200: transmissionSchema } }),
      byPath('transmission.recall', 'transmission'),
    ),
    async (request) => service.recallTransmission(request.db, currentUser(request), request.params.id),
  );

  app.put(
    '/:id/resolve',
    audited(
      route('resolve:transmission:any', {
        params: transmissionIdParams,
        body: resolveTransmissionBody,
        response: { 200: transmissionSchema },
      }),
      byPath('transmission.resolve', 'transmission'),
    ),
    async (request) =>
      service.resolveFlaggedTransmission(request.db, currentUser(request), request.params.id, request.body),
  );
};

export default transmissionRoutes;
