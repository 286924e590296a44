// /api/evidence (decision 053): photos and notes attached to a flagged count, a stock-take difference
// or damaged crates. The farm store and the agent whose record it is attach and see them; a supplier
// never (403), another agent is told the record does not exist (404).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attachEvidenceBody,
  damagedCratesPageSchema,
  damagedCratesQuery,
  EVIDENCE_MAX_BYTES,
  evidenceListQuery,
  evidenceListResponse,
  evidenceMessages,
  evidenceSchema,
} from '../../../shared/evidence.ts';
import { idParams } from '../../../shared/fields.ts';
import { base64Upload } from '../../lib/base64-upload.ts';
import { audited, created, routeOptions } from '../../lib/route-options.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const route = routeOptions('evidence');

/** The JSON body carries the photo base64-encoded, its note and a little more. */
const upload = base64Upload(EVIDENCE_MAX_BYTES, 8 * 1024, evidenceMessages.photoTooLarge);

const evidenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    audited(
      {
        ...route(
          'attach:evidence:own',
          'Attaches a photo (JPEG, PNG or WebP, base64, at most 300 KB) and a note to a flagged count, a stock-take difference or damaged crates.',
          { body: attachEvidenceBody, response: { 201: evidenceSchema }, refusals: [409] },
        ),
        ...upload,
      },
      created('evidence.attach', 'evidence'),
    ),
    async (request, reply) =>
      reply.status(201).send(await service.attachEvidence(request.db, currentUser(request), request.body)),
  );

  app.get(
    '/',
    route('read:evidence:own', "A record's photos (their details; the bytes are at /api/evidence/{id}/photo).", {
      querystring: evidenceListQuery,
      response: { 200: evidenceListResponse },
    }),
    async (request) =>
      service.listEvidence(request.db, currentUser(request), request.query.recordKind, request.query.recordId),
  );

  app.get(
    '/damaged-crates',
    route(
      'read:evidence:own',
      "An agent's damaged-crate entries (its clients' returns and its returned empties), newest first, each with the record its photos belong to: the farm store's for any agent, an agent's for itself (another agent's: 404).",
      { querystring: damagedCratesQuery, response: { 200: damagedCratesPageSchema }, refusals: [404] },
    ),
    async (request) => service.listDamagedCrates(request.db, currentUser(request), request.query),
  );

  app.get(
    '/:id/photo',
    route('read:evidence:own', "A photo's bytes, to those who may see its record.", {
      params: idParams(),
      response: { 200: z.unknown() },
      produces: ['image/jpeg', 'image/png', 'image/webp'],
    }),
    async (request, reply) => {
      const { contentType, bytes } = await service.evidencePhoto(request.db, currentUser(request), request.params.id);
      return reply
        .header('Content-Type', contentType)
        .header('Cache-Control', 'private, max-age=3600')
        .header('X-Content-Type-Options', 'nosniff')
        .send(bytes);
    },
  );
};

export default evidenceRoutes;
