// /api/imports (decision 050): the farm store's import of paper records. POST /preview reads a file
// and answers its headers, the guessed mapping and every bad row; POST / commits it all or nothing;
// GET / lists the files imported so far. Farm store only.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitQuery } from '../../../shared/fields.ts';
import { instant } from '../../../shared/http.ts';
import {
  IMPORT_MAX_BYTES,
  importBody,
  importMessages,
  importPreviewResponse,
  importRefusedResponse,
  importResultResponse,
} from '../../../shared/imports.ts';
import { base64Upload } from '../../lib/base64-upload.ts';
import { audited, created, routeOptions } from '../../lib/route-options.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';
import { ImportRefused } from './service.ts';

const route = routeOptions('imports');

/** The JSON body carries the file base64-encoded and a little more (the name, the mapping). */
const upload = base64Upload(IMPORT_MAX_BYTES, 16 * 1024, importMessages.fileTooLarge);

const importListResponse = z.array(
  z.object({
    id: z.number(),
    fileName: z.string(),
    rowCount: z.number(),
    agentsCreated: z.number(),
    clientsCreated: z.number(),
    createdAt: instant,
    createdByName: z.string().nullable(),
  }),
);

const importRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    route('read:import:any', 'The files imported so far, newest first.', {
      querystring: z.object({ limit: limitQuery(20) }),
      response: { 200: importListResponse },
    }),
    async (request) => service.listImports(request.db, request.query.limit),
  );

  app.post(
    '/preview',
    audited(
      {
        ...route(
          'import:records:any',
          'Reads a CSV or XLSX file (base64): its headers, the guessed column mapping, a summary and every bad row. Changes nothing.',
          { body: importBody, response: { 200: importPreviewResponse } },
        ),
        ...upload,
      },
      null,
    ),
    async (request) => service.preview(request.db, request.body),
  );

  app.post(
    '/',
    audited(
      {
        ...route(
          'import:records:any',
          'Imports the file all or nothing: 400 with every bad row, 409 when this file was imported before.',
          { body: importBody, response: { 201: importResultResponse, 400: importRefusedResponse } },
        ),
        ...upload,
      },
      created('import.commit', 'import'),
    ),
    async (request, reply: FastifyReply) => {
      try {
        const result = await service.commit(request.db, currentUser(request), request.body, {
          timeZone: app.config.farmTimezone,
        });
        // New agents' first passwords are in this answer only: no cache may keep it.
        reply.header('cache-control', 'no-store');
        return reply.status(201).send(result);
      } catch (err) {
        if (err instanceof ImportRefused) {
          return reply.status(400).send({ message: err.message, problems: err.problems, badRows: err.badRows });
        }
        throw err;
      }
    },
  );
};

export default importRoutes;
