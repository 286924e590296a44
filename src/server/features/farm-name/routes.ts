// The farm's one name (decision 067): anyone reads it (the public site names the farm), the farm store
// sets it in Settings; FARM_NAME is only its first value.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { farmNameBody, farmNameResponse } from '../../../shared/farm-name-schemas.ts';
import { farmNameWithSource, saveFarmName } from '../../lib/farm-name.ts';
import { audited, created, routeOptions } from '../../lib/route-options.ts';

const route = routeOptions('farm-name');

const farmNameRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/farm-name',
    route('public', "The farm's name, where it comes from (Settings, FARM_NAME, or neither yet).", {
      response: { 200: farmNameResponse },
    }),
    async () => farmNameWithSource(app.db, app.config.farmName),
  );

  app.put(
    '/farm-store/farm-name',
    audited(
      route('update:farm-name:any', "Sets the farm's name on its statements, PDFs and public site.", {
        body: farmNameBody,
        response: { 200: farmNameResponse },
      }),
      created('farm-name.update', 'setting'),
    ),
    async (request) => saveFarmName(request.db, request.body.name),
  );
};

export default farmNameRoutes;
