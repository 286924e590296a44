// /api/pepper-pricing: the price list, the farm store's price editor, price history and its export
// (spec §7 Pricing and public). The list, history and export are public: the landing page shows them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exportQuery,
  historyList,
  historyQuery,
  pepperPricingList,
  pepperPricingSchema,
  pricingIdParams,
  pricingMessages,
  updatePricingBody,
} from '../../../shared/pricing.ts';
import { farmToday } from '../../lib/farm-date.ts';
import { tooManyRequests } from '../../lib/http-error.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { audited, byPath, cached, routeOptions } from '../../lib/route-options.ts';
import { renderPriceReport, reportFilename } from './report.ts';
import * as repo from './repository.ts';
import { priceHistory, updatePrice } from './service.ts';

const route = routeOptions('pricing');

const EXPORTS_PER_IP = 30;
const EXPORT_WINDOW_SECONDS = 10 * 60;
// The report is a document, not an app: no scripts at all, only its own <style> and inline SVG.
const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

// Long: the pricing route table, one declaration per endpoint with its guard, schemas and audit action.
const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = () => farmToday(app.config.farmTimezone);

  app.get(
    '/pepper-pricing',
    cached(route('public', { response: { 200: pepperPricingList } }), ['pricing'], { everyone: true }),
    async () => repo.listPricing(app.db),
  );

  app.get(
    '/pepper-pricing/history',
    route('public', 'One point per variety and day, oldest first; variety omitted means all varieties.', {
      querystring: historyQuery,
      response: { 200: historyList },
    }),
    async (request) => priceHistory(request.db, request.query, today()),
  );

  app.get(
    '/pepper-pricing/export',
    route('public', 'A printable HTML report of the price history (12 or 24 months), as a download.', {
      querystring: exportQuery,
      response: { 200: z.string() },
      produces: ['text/html'],
      refusals: [429],
    }),
    async (request, reply) => {
      if (
        !(await consumeRateLimit(request.db, `price-export:ip:${request.ip}`, EXPORTS_PER_IP, EXPORT_WINDOW_SECONDS))
      ) {
        throw tooManyRequests(pricingMessages.tooManyExports);
      }
      const day = today();
      const { months } = request.query;
      const [current, history] = await Promise.all([
        repo.listPricing(request.db),
        priceHistory(request.db, { months }, day),
      ]);
      const report = renderPriceReport({
        months,
        today: day,
        generatedAt: new Date(),
        timeZone: app.config.farmTimezone,
        current,
        history,
      });
      return reply
        .type('text/html; charset=utf-8')
        .header('content-disposition', `attachment; filename="${reportFilename(months, day)}"`)
        .header('content-security-policy', REPORT_CSP)
        .header('cache-control', 'no-store')
        .send(report);
    },
  );

  app.patch(
    '/pepper-pricing/:id',
    audited(
      route('update:pricing:any', {
        params: pricingIdParams,
        body: updatePricingBody,
        response: { 200: pepperPricingSchema },
      }),
      byPath('pricing.update', 'pepper-pricing'),
    ),
    async (request) => updatePrice(request.db, request.params.id, request.body, today()),
  );
};

export default pricingRoutes;
