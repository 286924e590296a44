// /api/audit: the audit trail for the farm store (Settings → Activity, decision 027): a filtered page,
// the people to filter by, and the CSV export.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditFilterQuery, auditList, auditListQuery, auditPeople } from '../../../shared/audit.ts';
import { farmToday } from '../../lib/farm-date.ts';
import { routeOptions } from '../../lib/route-options.ts';
import * as service from './service.ts';

const route = routeOptions('audit');

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    route(
      'read:audit:any',
      'The audit trail, newest first: ?userId= (who), ?action=, ?from= and ?to= (farm days, inclusive), ?limit= and ?before=<id>.',
      { querystring: auditListQuery, response: { 200: auditList } },
    ),
    async (request) => service.listEntries(request.db, request.query, app.config.farmTimezone),
  );

  app.get(
    '/audit/people',
    route('read:audit:any', 'Every account, for the person filter.', { response: { 200: auditPeople } }),
    async () => service.listPeople(app.db),
  );

  app.get(
    '/audit.csv',
    route('read:audit:any', 'The filtered audit trail as CSV (UTF-8, RFC 4180, formulas neutralised), streamed.', {
      querystring: auditFilterQuery,
      response: { 200: z.unknown() },
      produces: ['text/csv'],
    }),
    async (request, reply) => {
      const fileName = `cratekeeper-activity-${farmToday(app.config.farmTimezone)}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(service.auditCsv({ db: request.db, log: request.log }, request.query, app.config.farmTimezone));
    },
  );
};

export default auditRoutes;
