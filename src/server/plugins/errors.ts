// One error handler: validation → 400 with field messages, known errors → their status, anything
// else → 500 with a generic message (the text and stack of a 5xx stay in the log).
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.ts';

function fieldErrors(validation: { instancePath: string; message?: string; params?: unknown }[]) {
  const errors: Record<string, string> = {};
  for (const v of validation) {
    const params = v.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const path = params?.issue?.path?.join('.') || v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    errors[path] ??= v.message ?? 'Invalid value';
  }
  return errors;
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation);
      const message = error.validation[0]?.message ?? 'Invalid request';
      return reply.status(400).send({ message, errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type, rate limit).
      const message =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Requests must send a JSON body (Content-Type: application/json)'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body is too large'
            : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
              ? 'Request body is not valid JSON'
              : error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
