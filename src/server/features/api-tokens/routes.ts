// /api/api-tokens (decision 063): a person's API tokens for other systems. Only a cookie session may
// manage them: a token cannot make or revoke tokens.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponse } from '../../../shared/auth.ts';
import { idParams } from '../../../shared/fields.ts';
import errorsEnglish from '../../../shared/i18n/en/errors.json' with { type: 'json' };
import { addEnglish, english } from '../../../shared/i18n/english.ts';
import { apiTokenBody, apiTokenList, createdApiToken } from '../../../shared/integrations.ts';
import { audited, byPath, created, routeOptions, sessionOnly } from '../../lib/route-options.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

addEnglish({ errors: errorsEnglish });

const route = routeOptions('api-tokens');

const apiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    sessionOnly(
      route('read:api-token:own', 'Your API tokens: name, scope, created, last used and expiry (never the token).', {
        response: { 200: apiTokenList },
      }),
    ),
    async (request) => service.listTokens(request.db, currentUser(request)),
  );

  app.post(
    '/',
    audited(
      sessionOnly(
        route(
          'manage:api-token:own',
          'Creates an API token (read, or write for the farm store) and answers it this once: it is stored only as a hash.',
          { body: apiTokenBody, response: { 201: createdApiToken } },
        ),
      ),
      created('api-token.create', 'api-token'),
    ),
    async (request, reply) =>
      reply.status(201).send(await service.createToken(request.db, currentUser(request), request.body)),
  );

  app.delete(
    '/:id',
    audited(
      sessionOnly(
        route('manage:api-token:own', 'Revokes one of your API tokens at once.', {
          params: idParams(),
          response: { 200: messageResponse },
        }),
      ),
      byPath('api-token.revoke', 'api-token'),
    ),
    async (request) => {
      await service.revokeToken(request.db, currentUser(request), request.params.id);
      return { message: english('errors.tokenRevoked') };
    },
  );
};

export default apiTokenRoutes;
