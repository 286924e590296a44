// A report as a PDF file: its name (today's date, farm time) and bytes.
import { type ReportRequest, type ReportSummary, type ReportType, reportTypeLabels } from '../../../shared/reports.ts';
import { DEFAULT_FARM_NAME, farmToday } from '../../lib/farm-date.ts';
import { renderReportPdf } from './pdf.ts';
import { buildSummary, type ReportDeps } from './summary.ts';

export const reportFilename = (type: ReportType, today: string) => `${type}-report-${today}.pdf`;

/** A report's PDF: its file name (today's date, farm time) and bytes. */
export async function reportPdf(
  summary: ReportSummary,
  type: ReportType,
  timeZone: string,
  now: Date,
  farmName = DEFAULT_FARM_NAME,
) {
  const pdf = await renderReportPdf(summary, { title: `${reportTypeLabels[type]} report`, timeZone, farmName });
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
