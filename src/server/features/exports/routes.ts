// /api/exports/<file>.csv (decision 049): transmissions, clients, loans, billing lines, payments and the
// crate ledger as CSV for a range of farm days (?from=, ?to=, both inclusive), streamed. The farm store
// exports every agent's rows (?marketAgentId= narrows to one); an agent only its own transmissions,
// clients and loans.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ExportKind, exportFileName, exportQuery } from '../../../shared/exports.ts';
import type { Permission } from '../../../shared/permissions.ts';
import { farmToday } from '../../lib/farm-date.ts';
import { routeOptions } from '../../lib/route-options.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as exports from './service.ts';

const route = routeOptions('exports');

const files: { kind: ExportKind; access: Permission; what: string }[] = [
  { kind: 'transmissions', access: 'read:export:own', what: 'Transmissions sent in the range' },
  { kind: 'clients', access: 'read:export:own', what: 'Clients added in the range, with the crates each holds now' },
  { kind: 'loans', access: 'read:export:own', what: 'Loans of crates to clients made in the range' },
  {
    kind: 'billing-lines',
    access: 'read:export:any',
    what: 'Billing lines (one per return) acknowledged in the range',
  },
  { kind: 'payments', access: 'read:export:any', what: 'Payments recorded as paid in the range' },
  { kind: 'ledger', access: 'read:export:any', what: 'Crate ledger movements in the range' },
];

const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { kind, access, what } of files) {
    app.get(
      `/exports/${kind}.csv`,
      route(access, `${what}, as CSV (UTF-8 with BOM, RFC 4180, formulas neutralised), streamed.`, {
        querystring: exportQuery,
        response: { 200: z.unknown() },
        produces: ['text/csv'],
      }),
      async (request, reply) => {
        const timeZone = app.config.farmTimezone;
        const csv = await exports.exportCsv(
          { db: request.db, log: request.log, timeZone },
          kind,
          currentUser(request),
          request.query,
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${exportFileName(kind, request.query, farmToday(timeZone))}"`,
          )
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  }
};

export default exportRoutes;
