// The caller's language on every answer that says something (decision 065). The services write their
// messages in English, from the English catalogue; this turns an answer's `message` and field
// `errors` into the caller's language on the way out: the signed-in user's choice (users.language),
// or, before sign-in, the Accept-Language the browser (or the app, for its picker) sends. Reads that
// succeed carry data, not messages, and pass untouched; an English caller costs nothing.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Language, pickLanguage } from '../../shared/i18n/languages.ts';
import { translateEnglish } from '../lib/i18n.ts';

const READS = new Set(['GET', 'HEAD']);

/** The language the server answers this request in. */
export function requestLanguage(request: FastifyRequest): Language {
  return request.sessionUser?.language ?? pickLanguage(request.headers['accept-language']);
}

type Said = { message?: unknown; errors?: unknown };

function translateAnswer(body: Said, language: Language): boolean {
  let changed = false;
  if (typeof body.message === 'string') {
    const message = translateEnglish(body.message, language);
    changed ||= message !== body.message;
    body.message = message;
  }
  if (body.errors && typeof body.errors === 'object') {
    const errors = body.errors as Record<string, unknown>;
    for (const [field, text] of Object.entries(errors)) {
      if (typeof text !== 'string') continue;
      const said = translateEnglish(text, language);
      changed ||= said !== text;
      errors[field] = said;
    }
  }
  return changed;
}

async function languagesPlugin(app: FastifyInstance) {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' || (reply.statusCode < 400 && READS.has(request.method))) return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('application/json')) return payload;
    const language = requestLanguage(request);
    if (language === 'en') return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) return payload;
    return translateAnswer(body as Said, language) ? JSON.stringify(body) : payload;
  });
}

export default fp(languagesPlugin, { name: 'languages' });
