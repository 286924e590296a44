// POST /api/reports/generate: the report as a PDF download (the billing statement as HTML).
import { useMutation } from '@tanstack/react-query';
import type { ReportRequestInput } from '../../../../shared/reports.ts';
import { downloadFile } from '../../../lib/api-client.ts';
import { REPORT_GENERATE_PATH } from './paths.ts';

export const downloadReport = (body: ReportRequestInput) =>
  downloadFile(
    'POST',
    REPORT_GENERATE_PATH,
    body.reportType === 'billing' ? 'billing-statement.html' : `${body.reportType}-report.pdf`,
    body,
  );

export const useDownloadReport = () => useMutation({ mutationFn: downloadReport });
