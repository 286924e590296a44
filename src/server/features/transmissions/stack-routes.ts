// A delivery's papers and the farm's usual stack size (decision 073): the delivery note and stack labels
// as PDFs (the farm store any delivery's, an agent its own), and the size in Settings.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { labelsQuery, transmissionIdParams, usualStackSizeBody } from '../../../shared/transmissions.ts';
import { readFarmName } from '../../lib/farm-name.ts';
import { translatorFor } from '../../lib/i18n.ts';
import { audited, created, routeOptions } from '../../lib/route-options.ts';
import { currentUser } from '../../plugins/auth.ts';
import { renderDeliveryNote, renderStackLabels } from './documents.ts';
import * as service from './service.ts';
import { readUsualStackSize, saveUsualStackSize } from './stack-size.ts';

const route = routeOptions('transmissions');
const pdf = { response: { 200: z.unknown() }, produces: ['application/pdf'], refusals: [404, 409] } as const;

// Long: the route table of a delivery's papers and the stack-size setting, one app.<verb> per endpoint.
const stackRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = async (language: string) => ({
    farmName: await readFarmName(app.db, app.config.farmName),
    timeZone: app.config.farmTimezone,
    tr: translatorFor(language),
  });

  app.get(
    '/transmissions/:id/delivery-note',
    route('read:transmission:own', "A delivery's note as an A4 PDF, with the delivery's QR (decision 073).", {
      params: transmissionIdParams,
      ...pdf,
    }),
    async (request, reply) => {
      const caller = currentUser(request);
      const t = await service.deliveryForPapers(app.db, caller, request.params.id, false);
      const bytes = await renderDeliveryNote(t, await context(caller.language));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="delivery-${t.id}.pdf"`)
        .send(bytes as never); // bytes go out as they are, past the JSON schema
    },
  );

  app.get(
    '/transmissions/:id/labels',
    route(
      'read:transmission:own',
      "A delivery's stack labels as a PDF: eight to an A4 sheet, or one per 62 mm roll label.",
      {
        params: transmissionIdParams,
        querystring: labelsQuery,
        ...pdf,
      },
    ),
    async (request, reply) => {
      const caller = currentUser(request);
      const t = await service.deliveryForPapers(app.db, caller, request.params.id, true);
      const bytes = await renderStackLabels(t, request.query.layout, await context(caller.language));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="delivery-${t.id}-labels-${request.query.layout}.pdf"`)
        .send(bytes as never);
    },
  );

  app.get(
    '/farm-store/stack-size',
    route('read:stack-size:any', "The farm's usual crates per labelled stack (null: deliveries have no stacks).", {
      response: { 200: usualStackSizeBody },
    }),
    async () => ({ stackSize: await readUsualStackSize(app.db) }),
  );

  app.put(
    '/farm-store/stack-size',
    audited(
      route('update:stack-size:any', 'Sets the crates per stack a delivery is split into when it names none.', {
        body: usualStackSizeBody,
        response: { 200: usualStackSizeBody },
      }),
      created('stack-size.update', 'setting'),
    ),
    async (request) => saveUsualStackSize(request.db, request.body),
  );
};

export default stackRoutes;
