// /api/reports and /api/notifications/weekly-reports (spec §7 Billing, reports, dashboard): the
// screen's figures, the PDF (or the billing statement), e-mailing reports and the weekly summaries.

import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailPreviewSchema,
  emailReportBody,
  emptyBody,
  type ReportRequest,
  recipientCountResponse,
  reportRequestBody,
  reportSummaryQuery,
  reportSummarySchema,
  weeklyPreviewSchema,
  weeklySummarySchema,
} from '../../../shared/reports.ts';
import type { Db } from '../../db/client.ts';
import { readFarmName } from '../../lib/farm-name.ts';
import { ownMarketAgentId } from '../../lib/ownership.ts';
import { audited, created, routeOptions } from '../../lib/route-options.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const route = routeOptions('reports');
// A statement is a document, not an app: no scripts at all, only its own <style>.
const DOCUMENT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

// Long: the reports' route declarations, one after another; each handler is one line.
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { farmTimezone: timeZone } = app.config;
  // The farm's name read on each use: the Settings field changes it at once (decision 067).
  const deps = async (request: { db: Db }) => ({
    db: request.db,
    mailer: app.mailer,
    timeZone,
    log: app.log,
    farmName: await readFarmName(request.db, app.config.farmName),
    loanOverdueDays: app.config.loanOverdueDays,
  });

  app.get(
    '/reports/summary',
    route(
      'read:report:any',
      "The Reports screen's figures for a period. Blank dates: the last 7 days up to today (weekly, custom), this month so far (monthly), the active billing cycle so far (billing).",
      {
        querystring: reportSummaryQuery,
        response: { 200: reportSummarySchema },
      },
    ),
    async (request) => {
      const { selectedAgentId, ...range } = request.query;
      return service.buildSummary(await deps(request), { ...range, agentId: selectedAgentId });
    },
  );

  app.get(
    '/reports/my-weekly',
    route('read:report:own', "The signed-in agent's own last 7 days: the summary its weekly e-mail carries.", {
      response: { 200: weeklySummarySchema },
    }),
    async (request) => service.weeklySummary(await deps(request), ownMarketAgentId(currentUser(request))),
  );

  // Makes a document rather than reading a resource, so it is not a read: permission.
  app.post(
    '/reports/generate',
    audited(
      route(
        'generate:report:any',
        "The report as a PDF download. reportType billing answers a cycle's printable HTML statement: the cycle with exactly the dateRange's dates, or the active cycle when they are blank (404 otherwise); a selectedAgentId narrows it to that agent's record.",
        { body: reportRequestBody, response: { 200: z.unknown() }, produces: ['application/pdf', 'text/html'] },
      ),
      null,
    ),
    async (request, reply) => sendReportDocument(reply, await deps(request), request.body),
  );

  reportMailRoutes(app, deps);
};

/** What a report route's service needs, through the request's database handle. */
type DepsOf = (request: { db: Db }) => Promise<service.ReportDeps>;

/** The e-mail sends (decision 046): each answers what became of its e-mails and has a preview that sends nothing. */
function reportMailRoutes(app: Parameters<FastifyPluginAsyncZod>[0], deps: DepsOf) {
  app.post(
    '/reports/email',
    audited(
      route(
        'send:report:any',
        'E-mails each recipient the PDF of its own figures: the agents in recipientAgentIds, else selectedAgentId, else every active agent. reportData.delivery says whether the mail server accepted them or they wait in the outbox.',
        { body: emailReportBody, response: { 200: recipientCountResponse } },
      ),
      created('email.queue', 'email'),
    ),
    async (request) => ({ reportData: await service.emailReport(await deps(request), request.body) }),
  );

  app.post(
    '/reports/email/preview',
    audited(
      route(
        'send:report:any',
        "What Email Report would send, sending nothing: the recipients, the period and the first recipient's e-mail.",
        { body: emailReportBody, response: { 200: emailPreviewSchema } },
      ),
      null,
    ),
    async (request) => service.emailReportPreview(await deps(request), request.body),
  );

  const sendWeekly = async (request: { db: Db }) => ({
    reportData: await service.sendWeeklyReports(await deps(request)),
  });
  for (const url of ['/reports/weekly', '/notifications/weekly-reports']) {
    app.post(
      url,
      audited(
        route(
          'send:report:any',
          "Sends every active market agent its own weekly summary now, except those who already had this farm week's (Monday to Sunday): recipientCount counts those sent now, alreadySentCount the others.",
          { body: emptyBody, response: { 200: recipientCountResponse } },
        ),
        created('email.queue', 'email'),
      ),
      sendWeekly,
    );
  }

  app.post(
    '/reports/weekly/preview',
    audited(
      route(
        'send:report:any',
        "What Send Weekly Report would send, sending nothing: the farm week, the 7 days a summary covers, every active agent with when it had this week's, and the first e-mail.",
        { body: emptyBody, response: { 200: weeklyPreviewSchema } },
      ),
      null,
    ),
    async (request) => service.weeklyPreview(await deps(request)),
  );
}

/** A billing statement is a printable HTML page under its own CSP; every other report type is a PDF. */
async function sendReportDocument(reply: FastifyReply, deps: service.ReportDeps, body: ReportRequest) {
  reply.header('cache-control', 'no-store');
  if (body.reportType === 'billing') {
    const { filename, html } = await service.billingStatement(deps, body);
    return reply
      .type('text/html; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('content-security-policy', DOCUMENT_CSP)
      .send(html);
  }
  const { filename, pdf } = await service.generateReportPdf(deps, body);
  return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(pdf);
}

export default reportRoutes;
