// Security headers (helmet + a CSP the built client satisfies), JSON-only request bodies.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function securityPlugin(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
  });

  // Mutations take JSON only (a CSRF defence together with SameSite=Lax cookies): drop the
  // text/plain parser and treat an empty JSON body as no body (acknowledge sends none).
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}

export default fp(securityPlugin, { name: 'security' });
