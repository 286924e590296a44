// Serves the built client (DESIGN §6a): hashed assets precompressed and cached for good, index.html
// never cached, and any unknown non-API path answered with index.html for client-side routing.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function clientPlugin(app: FastifyInstance) {
  const { clientDir } = app.config;
  const hasClient = existsSync(join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      preCompressed: true,
      wildcard: true,
      index: 'index.html',
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.startsWith(join(clientDir, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    // A missing file (a stale hashed asset, /favicon.png) is a 404, not the app's HTML page: a script
    // tag given HTML fails confusingly, and caches must not keep it under the file's name.
    const isFile = path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path);
    if (hasClient && !isFile && !path.startsWith('/api') && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', clientDir);
    }
    return reply.status(404).send({ message: 'Not found' });
  });
}

export default fp(clientPlugin, { name: 'client' });
