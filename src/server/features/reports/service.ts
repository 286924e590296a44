// Reports: the figures for a period (the screen, the PDF), the billing statement, and e-mailing them:
// a report to one or every active agent, each agent's own weekly summary (by hand or on schedule).
// Each job has its file (decision 069); this is the feature's public face.
export { billingStatement } from './billing-statement.ts';
/** A short PDF of figures with the report's fonts and tagging (a monthly crate statement, decision 064). */
export { type FiguresDocument, renderFiguresPdf } from './pdf.ts';
export { generateReportPdf, reportFilename } from './report-pdf.ts';
export { emailReport, emailReportPreview, type SendResult } from './send-report.ts';
export { buildSummary, type ReportDeps } from './summary.ts';
export { farmWeek, sendWeeklyReports, weeklyPreview, weeklySummary } from './weekly.ts';
