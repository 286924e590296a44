// /api/farm-store/access-code: the farm store reads the farm access code in its settings and, when the
// app generated it, replaces it (decision 043).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { farmAccessCodeResponse } from '../../../shared/auth.ts';
import { audited, created, routeOptions } from '../../lib/route-options.ts';
import { farmAccessCodeFor, rotateFarmAccessCode } from './farm-access-code.ts';

const route = routeOptions('farm-store');

const accessCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    route('read:farm-access-code:any', 'The code a farm store registration must give, and where it is set.', {
      response: { 200: farmAccessCodeResponse },
    }),
    async () => farmAccessCodeFor(app.db, app.config.farmAccessCode),
  );

  app.post(
    '/rotate',
    audited(
      route(
        'rotate:farm-access-code:any',
        'A new generated code; the old one stops working. 409 when FARM_ACCESS_CODE sets it.',
        {
          response: { 200: farmAccessCodeResponse },
        },
      ),
      created('farm-access-code.rotate', 'setting'),
    ),
    async (request) => rotateFarmAccessCode(request.db, app.config.farmAccessCode),
  );
};

export default accessCodeRoutes;
