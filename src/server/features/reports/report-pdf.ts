// A report as a PDF file: its name (today's date, farm time) and bytes.
import type { Language } from '../../../shared/i18n/languages.ts';
import type { ReportRequest, ReportSummary, ReportType } from '../../../shared/reports.ts';
import { DEFAULT_FARM_NAME, farmToday } from '../../lib/farm-date.ts';
import { translatorFor } from '../../lib/i18n.ts';
import { reportTypeText } from './emails.ts';
import { renderReportPdf } from './pdf.ts';
import { buildSummary, type ReportDeps } from './summary.ts';

export const reportFilename = (type: ReportType, today: string) => `${type}-report-${today}.pdf`;

/** A report's PDF: its file name (today's date, farm time) and bytes, in the reader's `language`. */
export async function reportPdf(
  summary: ReportSummary,
  type: ReportType,
  timeZone: string,
  now: Date,
  farmName = DEFAULT_FARM_NAME,
  language: Language = 'en',
) {
  const tr = translatorFor(language);
  const title = tr.t('mail.pdfTitle', { type: reportTypeText(type, tr) });
  const pdf = await renderReportPdf(summary, { title, timeZone, farmName, language });
  return { filename: reportFilename(type, farmToday(timeZone, now)), pdf };
}

/** The PDF of a report request: its file name (today's date, farm time) and bytes. */
export async function generateReportPdf(
  deps: Pick<ReportDeps, 'db' | 'timeZone' | 'farmName'>,
  request: ReportRequest,
  now: Date = new Date(),
) {
  const summary = await buildSummary(
    deps,
    { ...request.dateRange, agentId: request.selectedAgentId, reportType: request.reportType },
    now,
  );
  return { ...(await reportPdf(summary, request.reportType, deps.timeZone, now, deps.farmName)), summary };
}
