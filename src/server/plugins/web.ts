// Serves the built web app (DESIGN §6a): hashed assets precompressed and cached for good, index.html
// never cached, and any unknown non-API path answered with index.html for client-side routing.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import errorsEnglish from '../../shared/i18n/en/errors.json' with { type: 'json' };
import { addEnglish, english } from '../../shared/i18n/english.ts';

addEnglish({ errors: errorsEnglish });

async function webPlugin(app: FastifyInstance) {
  const { webDir } = app.config;
  const hasWebApp = existsSync(join(webDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDir,
      preCompressed: true,
      wildcard: true,
      index: 'index.html',
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.startsWith(join(webDir, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    // A missing file (a stale hashed asset, /favicon.png) is a 404, not the app's HTML page: a script
    // tag given HTML fails confusingly, and caches must not keep it under the file's name.
    const isFile = path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path);
    if (hasWebApp && !isFile && !path.startsWith('/api') && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', webDir);
    }
    return reply.status(404).send({ message: english('errors.notFound') });
  });
}

export default fp(webPlugin, { name: 'client' });
