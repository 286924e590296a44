// Security headers (helmet + a CSP the built client satisfies, Permissions-Policy), JSON-only
// request bodies, and no mutation from another site.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import errorsEnglish from '../../shared/i18n/en/errors.json' with { type: 'json' };
import { addEnglish, english } from '../../shared/i18n/english.ts';
import { bearerOf } from '../lib/api-tokens.ts';
import { forbidden, HttpError } from '../lib/http-error.ts';

addEnglish({ errors: errorsEnglish });

export const crossSiteMessage = english('errors.crossSite');

// The browser features the app never uses are switched off for it and anything it could embed. Only
// features the browser knows: Chromium warns in the console on every page about one it doesn't
// ('bluetooth' was listed, and Chromium has no such policy feature). The camera is the app's own, for
// scanning stack labels (decision 073), never an embedded page's.
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ');

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A mutation sent by a page of another site (decision 011): the browser says so in Sec-Fetch-Site,
 * or its Origin names another host than the one the request was sent to. The port does not count
 * (the Vite dev server on :5173 proxies to :5000 on the same host). Requests without either header
 * (scripts, API clients, tests) are not browsers acting for another site and pass.
 */
export function isCrossSiteMutation(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  // An API token is its own proof (decision 063): a page of another site cannot send an Authorization
  // header without a CORS preflight the app never grants, and the token's request ignores the cookie.
  if (bearerOf(request.headers.authorization)) return false;
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).hostname;
  } catch {
    return true; // 'null' (a sandboxed frame, a file) or garbage: not this site
  }
  return originHost.toLowerCase() !== request.hostname.toLowerCase();
}

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // The QR reader's WebAssembly, served by the app itself (decision 073); still no eval of scripts.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      // Mantine sets CSS variables in style attributes and one <style> tag.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // The app is served over plain HTTP on a laptop; HSTS is for the proxy in front of it.
  strictTransportSecurity: false,
};

/**
 * Helmet's headers, worked out once. @fastify/helmet builds helmet's middleware (and parses the
 * CSP) again on every request, which was an eighth of a cached read's time; the headers
 * never depend on the request, so helmet runs once here against a response that only records them.
 */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

async function securityPlugin(app: FastifyInstance) {
  const headers = { ...helmetHeaders(), 'permissions-policy': PERMISSIONS_POLICY };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    done(isCrossSiteMutation(request) ? forbidden(crossSiteMessage) : undefined);
  });
  // DESIGN §6: answers carrying sessions, bank details or personal data are never stored by a browser
  // or a proxy. Every API answer is such an answer or cheap to ask again, so all default to no-store;
  // a route that wants otherwise (the event stream) sets its own.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  // Mutations take JSON only (a CSRF defence together with SameSite=Lax cookies): drop the
  // text/plain parser and treat an empty JSON body as no body (acknowledge sends none).
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // Only UTF-8 JSON (RFC 8259): a body declared in another charset would be read as something else.
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
    if (charset && !/^utf-?8$/i.test(charset)) {
      return done(new HttpError(415, english('errors.utf8Json')));
    }
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}

export default fp(securityPlugin, { name: 'security' });
