// A statement as a PDF (decision 064): the same address as its JSON, asked with Accept: application/pdf.
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { BalanceStatement } from '../../../../shared/balance-statements.ts';
import { monthLabel } from '../../../../shared/balance-statements-labels.ts';
import { downloadFile } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError } from '../../../lib/notify.ts';
import { STATEMENTS_PATH } from '../api/statements.ts';

export function StatementPdfButton({ statement: s }: { statement: BalanceStatement }) {
  const t = useT();
  const [loading, setLoading] = useState(false);
  const download = () => {
    setLoading(true);
    downloadFile('GET', `${STATEMENTS_PATH}/${s.id}`, `crate-statement-${s.id}.pdf`, undefined, {
      accept: 'application/pdf',
    })
      .catch(() => notifyError(t('balance-statements.pdfFailed')))
      .finally(() => setLoading(false));
  };
  return (
    <Button
      variant="subtle"
      mih={44}
      loading={loading}
      leftSection={<IconDownload size={18} aria-hidden />}
      onClick={download}
      style={{ alignSelf: 'flex-start' }}
      aria-label={t('balance-statements.pdfOf', { month: monthLabel(s.month, t), name: s.agentName })}
    >
      {t('balance-statements.pdf')}
    </Button>
  );
}
