// /api/balance-statements (decision 064): the farm store issues a month's statements and resolves
// disputes; an agent confirms or disputes its own. /api/clients/{id}/statement-links: an agent's link
// for a client. /s/{token}: the client's read-only page, rendered here (no /api, no sign-in).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  balanceStatementListResponse,
  balanceStatementMessages,
  balanceStatementSchema,
  disputeStatementBody,
  issueStatementsBody,
  resolveStatementBody,
  statementLinkSchema,
  statementListQuery,
} from '../../../shared/balance-statements.ts';
import { EVIDENCE_MAX_BYTES, evidenceMessages } from '../../../shared/evidence.ts';
import { idParam, idParams } from '../../../shared/fields.ts';
import type { Db } from '../../db/client.ts';
import { base64Upload } from '../../lib/base64-upload.ts';
import { readFarmName } from '../../lib/farm-name.ts';
import { audited, byPath, created, routeOptions } from '../../lib/route-options.ts';
import { currentUser } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/languages.ts';
import * as links from './links.ts';
import * as service from './service.ts';

const route = routeOptions('balance-statements');

/** Accept names application/pdf (before any JSON it also names): the statement as a PDF. */
const wantsPdf = (accept: string | undefined) => {
  const types = (accept ?? '').split(',').map((t) => t.split(';')[0].trim().toLowerCase());
  const pdf = types.indexOf('application/pdf');
  const json = types.indexOf('application/json');
  return pdf !== -1 && (json === -1 || pdf < json);
};

// Long: the statements' route table, one declaration per endpoint.
export const balanceStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  // The farm's name read on each use: the Settings field changes it at once (decision 067).
  const deps = async (request: { db: Db }) => ({
    db: request.db,
    mailer: app.mailer,
    timeZone: app.config.farmTimezone,
    farmName: await readFarmName(request.db, app.config.farmName),
  });

  app.post(
    '/',
    audited(
      route(
        'issue:balance-statement:any',
        "Issues a month's crate statements (a month that has ended) to the agents named, or every active agent.",
        { body: issueStatementsBody, response: { 201: balanceStatementListResponse }, refusals: [409] },
      ),
      created('balance-statement.issue', 'balance-statement'),
    ),
    async (request, reply) =>
      reply.status(201).send(await service.issueStatements(await deps(request), currentUser(request), request.body)),
  );

  app.get(
    '/',
    route(
      'read:balance-statement:own',
      "Statements, latest month first: the farm store's every agent's, an agent's its own.",
      {
        querystring: statementListQuery,
        response: { 200: balanceStatementListResponse },
      },
    ),
    async (request) => service.listStatements(request.db, currentUser(request), request.query.month),
  );

  app.get(
    '/:id',
    route(
      'read:balance-statement:own',
      "One statement: JSON, or a PDF with Accept: application/pdf. Another agent's: 404.",
      {
        params: idParams(),
        response: { 200: balanceStatementSchema },
        produces: ['application/json', 'application/pdf'],
        refusals: [404],
      },
    ),
    async (request, reply) => {
      const caller = currentUser(request);
      if (wantsPdf(request.headers.accept)) {
        const pdf = await service.statementPdf(await deps(request), caller, request.params.id);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="crate-statement-${request.params.id}.pdf"`)
          .send(pdf as never); // bytes go out as they are, past the JSON schema
      }
      return service.getStatement(request.db, caller, request.params.id);
    },
  );

  answerRoutes(app, deps);
};

/** The agent's answer to a statement (confirm, dispute) and the farm store's resolution of a dispute. */
function answerRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  deps: (request: { db: Db }) => Promise<Parameters<typeof service.resolveStatement>[0]>,
) {
  const answer = { params: idParams(), response: { 200: balanceStatementSchema }, refusals: [404, 409] as const };

  app.put(
    '/:id/confirm',
    audited(
      route('answer:balance-statement:own', 'The agent confirms its statement: the figures are agreed.', answer),
      byPath('balance-statement.confirm', 'balance-statement'),
    ),
    async (request) => service.confirmStatement(request.db, currentUser(request), request.params.id),
  );

  app.put(
    '/:id/dispute',
    audited(
      {
        ...route(
          'answer:balance-statement:own',
          'The agent disputes its statement with the closing balance it believes, a note and optionally a photo (base64, at most 300 KB).',
          { ...answer, body: disputeStatementBody, refusals: [404, 409, 413] },
        ),
        ...base64Upload(EVIDENCE_MAX_BYTES, 8 * 1024, evidenceMessages.photoTooLarge),
      },
      byPath('balance-statement.dispute', 'balance-statement'),
    ),
    async (request) => service.disputeStatement(request.db, currentUser(request), request.params.id, request.body),
  );

  app.put(
    '/:id/resolve',
    audited(
      route(
        'resolve:balance-statement:any',
        "The farm store resolves a dispute: accept the agent's figure (booked now on the ledger) or answer it.",
        { ...answer, body: resolveStatementBody },
      ),
      byPath('balance-statement.resolve', 'balance-statement'),
    ),
    async (request) =>
      service.resolveStatement(await deps(request), currentUser(request), request.params.id, request.body),
  );
}

const linkParams = z.object({
  id: idParam(),
  linkId: idParam(balanceStatementMessages.linkNotFound),
});

/** Under /api/clients: an agent's statement links for its client. */
export const statementLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const clientRoute = routeOptions('clients');
  app.post(
    '/:id/statement-links',
    audited(
      clientRoute(
        'manage:client:own',
        "A link (30 days) to a read-only page of the client's crates, to send it; another agent's client: 404.",
        { params: idParams(), response: { 201: statementLinkSchema }, refusals: [404, 429] },
      ),
      created('statement-link.create', 'statement-link'),
    ),
    async (request, reply) =>
      reply.status(201).send(
        await links.createLink(request.db, currentUser(request), request.params.id, {
          origin: `${request.protocol}://${request.host}`,
          loanOverdueDays: app.config.loanOverdueDays,
        }),
      ),
  );

  app.delete(
    '/:id/statement-links/:linkId',
    audited(
      clientRoute('manage:client:own', 'Revokes a statement link: its page is not found from then on.', {
        params: linkParams,
        response: { 200: z.object({ id: z.number(), revoked: z.literal(true) }) },
        refusals: [404],
      }),
      byPath('statement-link.revoke', 'statement-link', 'linkId'),
    ),
    async (request) => {
      await links.revokeLink(request.db, currentUser(request), request.params.id, request.params.linkId, {
        loanOverdueDays: app.config.loanOverdueDays,
      });
      return { id: request.params.linkId, revoked: true as const };
    },
  );
};

/**
 * GET /s/{token}: the client's page, rendered by the server; any token that finds nothing: the same 404.
 * A wildcard rather than `:token`, whose 100-character limit would answer a longer path 414 instead.
 */
export const statementPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/s/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const token = (request.params as { '*': string })['*'];
    const page = await links.linkPage(request.db, token, {
      address: request.ip,
      farmName: await readFarmName(request.db, app.config.farmName),
      timeZone: app.config.farmTimezone,
      language: requestLanguage(request),
    });
    return reply
      .status(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .send(page.html);
  });
};
