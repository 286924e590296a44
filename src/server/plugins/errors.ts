// One error handler: validation → 400 with field messages, known errors → their status, anything
// else → 500 with a generic message (the text and stack of a 5xx stay in the log).
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import errorsEnglish from '../../shared/i18n/en/errors.json' with { type: 'json' };
import { addEnglish, english } from '../../shared/i18n/english.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, DISK_FULL_MESSAGE, SERVER_BUSY_MESSAGE } from '../db/faults.ts';
import { HttpError } from '../lib/http-error.ts';

addEnglish({ errors: errorsEnglish });

// Fastify's own client errors in the farm's words; any other FST_ERR_ code gets the generic one, so a
// response never carries the framework's code or wording.
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: english('errors.jsonBodyRequired'),
  FST_ERR_CTP_BODY_TOO_LARGE: english('errors.bodyTooLarge'),
  FST_ERR_CTP_INVALID_JSON_BODY: english('errors.invalidJson'),
  FST_ERR_CTP_EMPTY_JSON_BODY: english('errors.invalidJson'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: english('errors.contentLengthMismatch'),
  FST_ERR_CTP_INVALID_TYPE: english('errors.jsonBodyRequired'),
  FST_ERR_BAD_URL: english('errors.badAddress'),
  FST_ERR_ASYNC_CONSTRAINT: english('errors.badAddress'),
};
/** What any other client error of the framework's, or a body that could not be read, says. */
export const GENERIC_CLIENT_ERROR = english('errors.unreadable');

/** The message for a 4xx that Fastify raised itself, or null for anything else. */
export function frameworkMessage(error: { code?: string; message: string }): string | null {
  if (error.code?.startsWith('FST_ERR_')) return frameworkMessages[error.code] ?? GENERIC_CLIENT_ERROR;
  if (error instanceof SyntaxError) return frameworkMessages.FST_ERR_CTP_INVALID_JSON_BODY;
  return null;
}

function fieldErrors(validation: { instancePath: string; message?: string; params?: unknown }[]) {
  const errors: Record<string, string> = {};
  for (const v of validation) {
    const params = v.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const path = params?.issue?.path?.join('.') || v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    errors[path] ??= v.message ?? english('errors.invalidValue');
  }
  return errors;
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, errors: error.errors, ...error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation);
      const message = error.validation[0]?.message ?? english('errors.invalidRequest');
      return reply.status(400).send({ message, errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type).
      return reply.status(status).send({ message: frameworkMessage(error) ?? error.message });
    }
    // The database went away or its disk is full (decision 060): said as such, never a 500. The fault
    // state logs the outage once; a full disk rolled the write back whole.
    const fault = app.databaseFaults?.noticed(error);
    if (fault === 'disk-full') return reply.status(507).send({ message: DISK_FULL_MESSAGE });
    if (fault === 'unavailable') {
      return reply.status(503).header('retry-after', '5').send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    // Every pooled connection busy for the whole wait: overloaded, not down (nothing is logged as an outage).
    if (fault === 'busy') return reply.status(503).header('retry-after', '2').send({ message: SERVER_BUSY_MESSAGE });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: english('errors.serverError') });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
