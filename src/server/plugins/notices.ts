// Things the person starting the app must read (the generated farm access code, demo sign-ins):
// logged like everything else, and printed as plain text once the app listens.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    notices: string[];
    announce(message: string): void;
  }
}

async function noticesPlugin(app: FastifyInstance) {
  app.decorate('notices', []);
  app.decorate('announce', (message: string) => {
    app.log.warn(message);
    app.notices.push(message);
  });
}

export default fp(noticesPlugin, { name: 'notices' });
