// The Idempotency-Key header (decision 035) on every mutation of a signed-in caller: a repeat
// of the caller's key gets the first answer again (marked `Idempotent-Replayed: true`) and books
// nothing; the same key for another request is 422, a repeat while the first still runs 409. The key
// is claimed after the guard and the body's validation (a refused or malformed request claims
// nothing), marked booked in the booking's own transaction (lib/idempotency.ts), and the answer kept
// as it goes out, unless it is a server failure or a 429: those let go of the key so the phone can
// try again. Routes that need no sign-in refuse the header (400). Keys are purged after 7 days.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyMessages,
} from '../../shared/idempotency.ts';
import type { Db } from '../db/client.ts';
import { badRequest, HttpError } from '../lib/http-error.ts';
import {
  type ClaimOutcome,
  claimKey,
  deleteExpiredKeys,
  isMutation,
  type KeptAnswer,
  keepAnswer,
  releaseKey,
  requestFingerprint,
  takesIdempotencyKey,
} from '../lib/idempotency.ts';
import { CHANGE_ID_HEADER, CHANGE_IDS_HEADER, CHANGE_TAGS_HEADER } from './read-cache.ts';

export const PURGE_IDEMPOTENCY_KEYS_JOB = 'purge-idempotency-keys';

/**
 * The headers of an answer a repeat gets again. Never a cookie: a session token is not kept here (a
 * repeat is made with a session that already works). Security headers are added to every answer anyway.
 */
const KEPT_HEADERS = [
  'content-type',
  'cache-control',
  'content-disposition',
  'content-security-policy',
  'location',
  CHANGE_ID_HEADER,
  CHANGE_IDS_HEADER,
  CHANGE_TAGS_HEADER,
];

declare module 'fastify' {
  interface FastifyRequest {
    /** The checked Idempotency-Key of a signed-in caller's mutation, with its request's fingerprint. */
    idempotency: { key: string; fingerprint: string | null } | null;
  }
}

/** The key sent with a signed-in caller's mutation, or null; a 400 for a bad one or a public route. */
function keyOf(request: FastifyRequest): string | null {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  const access = request.routeOptions.config?.access;
  // Reads are safe to repeat anyway; an address no route answers is a 404 whatever it carries.
  if (header === undefined || access === undefined || !isMutation(request.method)) return null;
  if (!takesIdempotencyKey(request.method, access) || !request.sessionUser) {
    throw badRequest(idempotencyMessages.notSignedIn);
  }
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw badRequest(idempotencyMessages.invalidKey);
  }
  return header;
}

function replay(reply: FastifyReply, answer: KeptAnswer) {
  reply.code(answer.statusCode).headers(answer.headers).header(IDEMPOTENT_REPLAYED_HEADER, 'true').send(answer.body);
}

function refusal(outcome: Exclude<ClaimOutcome, { kind: 'run' | 'replay' }>, reply: FastifyReply): HttpError {
  switch (outcome.kind) {
    case 'reused':
      return new HttpError(422, idempotencyMessages.reused);
    case 'in-progress':
      reply.header('retry-after', '1');
      return new HttpError(409, idempotencyMessages.inProgress);
    case 'answer-lost':
      return new HttpError(409, idempotencyMessages.answerLost);
  }
}

/** What of the answer going out a repeat gets: its status, kept headers and body; null if not kept. */
function answerToKeep(reply: FastifyReply, payload: unknown): KeptAnswer | null {
  const status = reply.statusCode;
  // A server failure or a refusal for now is no answer to the request: the phone tries again.
  if (status >= 500 || status === 429) return null;
  if (payload !== null && payload !== undefined && typeof payload !== 'string' && !Buffer.isBuffer(payload)) {
    return null; // a stream: nothing to keep (no mutation answers with one)
  }
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return { statusCode: status, headers, body: (payload as string | Buffer | null | undefined) ?? '' };
}

/** Claims the request's key and runs the handler holding it, or answers from the key (or refuses). */
function claimOrAnswer(db: Db, request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) {
  const sent = request.idempotency;
  if (!sent?.fingerprint || !request.sessionUser) return done();
  const userId = request.sessionUser.id;
  claimKey(db, { userId, key: sent.key, fingerprint: sent.fingerprint }).then((outcome) => {
    if (outcome.kind === 'run') {
      // recordChange marks the key booked in the transaction that books the change (request.db's).
      request.write!.claim = outcome.claim;
      done();
    } else if (outcome.kind === 'replay') {
      replay(reply, outcome.answer); // answered: the handler does not run
    } else {
      done(refusal(outcome, reply));
    }
  }, done);
}

/** Ends the request's hold on its key: keeps `answer`, or lets go of the key when there is none. */
async function endAttempt(db: Db, request: FastifyRequest, answer: KeptAnswer | null) {
  const claim = request.write?.claim;
  if (!claim) return;
  request.write!.claim = null;
  claim.open = false;
  try {
    if (answer) await keepAnswer(db, claim, answer);
    else await releaseKey(db, claim);
  } catch (err) {
    // The caller still gets its answer; a repeat is told the change was saved (if it was).
    request.log.error({ err }, 'the answer to an Idempotency-Key could not be kept');
  }
}

async function idempotencyPlugin(app: FastifyInstance) {
  app.decorateRequest('idempotency', null);

  // After the guard (a signed-out caller gets 401, never a 400 about the header).
  app.addHook('onRequest', async (request) => {
    const key = keyOf(request);
    if (key) request.idempotency = { key, fingerprint: null };
  });

  // The body as sent (validation may rewrite it): the same key with another body is another request.
  app.addHook('preValidation', async (request) => {
    if (request.idempotency) {
      request.idempotency.fingerprint = requestFingerprint(request.method, request.url, request.body);
    }
  });

  // After validation, so a refused or malformed request claims nothing.
  app.addHook('preHandler', (request, reply, done) => claimOrAnswer(app.db, request, reply, done));

  // The answer is kept before it goes out: a repeat after the caller got it always finds it.
  app.addHook('onSend', async (request, reply, payload) => {
    await endAttempt(app.db, request, answerToKeep(reply, payload));
    return payload;
  });

  // A request that ended without its answer passing onSend lets go of its key (or keeps it, if it
  // booked). Not on an abort: the handler runs on after the caller hung up, and may still book.
  app.addHook('onResponse', async (request) => endAttempt(app.db, request, null));

  app.jobs.register({
    name: PURGE_IDEMPOTENCY_KEYS_JOB,
    schedule: '29 * * * *',
    run: async () => {
      await deleteExpiredKeys(app.db);
    },
  });
}

export default fp(idempotencyPlugin, { name: 'idempotency', dependencies: ['db', 'read-cache', 'auth', 'jobs'] });
