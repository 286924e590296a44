// A route whose JSON body carries a file base64-encoded (an import, an evidence photo): its body limit,
// and a refusal with the route's own message before a too-large body is read.
import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error.ts';

/**
 * Route options for a body holding up to `maxBytes` of file as base64 (4/3 of its size) plus `slackBytes`
 * for the rest of the JSON: a Content-Length above that is a 413 with `message` at once.
 */
export function base64Upload(maxBytes: number, slackBytes: number, message: string) {
  const bodyLimit = Math.ceil((maxBytes * 4) / 3) + slackBytes;
  return {
    bodyLimit,
    onRequest: async (request: FastifyRequest) => {
      if (Number(request.headers['content-length'] ?? 0) > bodyLimit) throw new HttpError(413, message);
    },
  };
}
