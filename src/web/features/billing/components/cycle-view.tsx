// One billing cycle opened: its header card with the statement, its payout (file summary, agents left
// out, Mark Cycle Paid) and its agents' records with what each was paid or is owed.
import { Button, Stack } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { BillingCycle } from '../../../../shared/billing.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useGenerateStatement } from '../api/generate-statement.ts';
import { AgentPerformance } from './agent-performance.tsx';
import { CycleDetails } from './cycle-details.tsx';
import { PayoutPanel } from './payout-panel.tsx';

function StatementButton({ cycle }: { cycle: BillingCycle }) {
  const t = useT();
  const statement = useGenerateStatement();
  // The statement is an HTML file (spec §7), named so: the toast says how to make a PDF of it.
  const generate = () =>
    statement.mutate(cycle, {
      onSuccess: (name) =>
        notifySuccess(
          t('billing.statementDownloadedNamed', { message: t('billing.statementDownloaded'), name }),
          t('billing.statementDownloadedTitle'),
        ),
      onError: (error) => notifyError(errorMessage(error, t('billing.statementFailed'))),
    });
  return (
    <Button leftSection={<IconFileInvoice size={18} aria-hidden />} loading={statement.isPending} onClick={generate}>
      {t('billing.generateStatement')}
    </Button>
  );
}

export function CycleView({
  cycle,
  title,
  cratesLabel,
  before,
}: {
  cycle: BillingCycle;
  title: string;
  cratesLabel: string;
  /** Shown above the cycle, e.g. the way back to the list. */
  before?: ReactNode;
}) {
  return (
    <Stack gap="lg">
      {before}
      <CycleDetails cycle={cycle} title={title} cratesLabel={cratesLabel} actions={<StatementButton cycle={cycle} />} />
      <PayoutPanel cycle={cycle} />
      <AgentPerformance cycle={cycle} />
    </Stack>
  );
}
