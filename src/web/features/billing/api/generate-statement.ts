// POST /api/reports/generate {reportType: 'billing'} for the active cycle (spec §7): the server answers
// an HTML statement, saved as billing-statement-<end date>.html (printable to PDF from the browser).
import { useMutation } from '@tanstack/react-query';
import type { BillingCycle } from '../../../../shared/billing.ts';
import { statementFileName } from '../../../../shared/billing-labels.ts';
import { downloadFile } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/language.ts';
import { GENERATE_REPORT_PATH } from './paths.ts';

export async function generateStatement(cycle: BillingCycle | null | undefined): Promise<string> {
  if (!cycle) throw new Error(t('billing.noActiveCycle'));
  const name = statementFileName(cycle.endDate);
  await downloadFile(
    'POST',
    GENERATE_REPORT_PATH,
    name,
    {
      reportType: 'billing',
      dateRange: { startDate: cycle.startDate, endDate: cycle.endDate },
      selectedAgentId: 'all',
    },
    { name },
  );
  return name;
}

export const useGenerateStatement = () => useMutation({ mutationFn: generateStatement });
