// A cycle's payout: what the payout file holds before it downloads (rows and total), the
// agents owed money it leaves out for lack of bank details ('Not in the payout file — no bank
// details', with amounts), and 'Mark Cycle Paid' when the server says the payout may be recorded
// (the summary's canRecordPayment: the cycle has ended and someone in the file is owed).
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCash, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { BillingCycle } from '../../../../shared/billing.ts';
import { formatRandDecimal } from '../../../../shared/money.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDownloadPayout } from '../api/download-payout.ts';
import { usePayoutSummary } from '../api/get-payout-summary.ts';
import { cycleEnded } from './cycle-status-badge.tsx';
import { RecordPaymentDialog } from './record-payment-dialog.tsx';

// Long: the payout panel's layout (totals, the file download, the list of who is left out), one screen section.
export function PayoutPanel({ cycle }: { cycle: BillingCycle }) {
  const t = useT();
  const summary = usePayoutSummary(cycle.id);
  const payout = useDownloadPayout();
  const [paying, setPaying] = useState(false);
  const file = summary.data;

  const download = () =>
    payout.mutate(cycle, {
      onSuccess: (name) => notifySuccess(t('billing.payoutDownloaded', { name })),
      onError: (error) => notifyError(errorMessage(error, t('billing.payoutFailed'))),
    });

  return (
    <Card withBorder radius="md" p="lg" data-testid="payout-panel">
      <Title order={2} size="h4" mb="xs">
        {t('billing.payout')}
      </Title>
      {summary.isPending ? (
        <Skeleton height={60} radius="md" />
      ) : summary.isError || !file ? (
        <Alert color="red">{t('billing.payoutLoadFailed')}</Alert>
      ) : (
        <Stack gap="sm">
          <Text data-testid="payout-summary">
            {file.rowCount === 0
              ? t('billing.payoutEmpty')
              : t('billing.payoutFile', { count: file.rowCount, total: formatRandDecimal(file.total) })}
          </Text>
          {file.missingBankDetails.length > 0 && (
            <Alert color="orange" variant="light" p="sm" data-testid="payout-missing">
              {/* Not the Alert's title: its orange text is below WCAG contrast on the tint. */}
              <Text size="sm" fw={700} mb={4}>
                {t('billing.notInPayoutFile')}
              </Text>
              <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {file.missingBankDetails.map((a) => (
                  <Group component="li" key={a.marketAgentId} justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                      {t('billing.agentDetail', { business: a.agentName, number: a.agentNumber })}
                    </Text>
                    <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                      {formatRandDecimal(a.amount)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Alert>
          )}
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden />}
              loading={payout.isPending}
              disabled={file.rowCount === 0}
              onClick={download}
            >
              {t('billing.downloadPayout')}
            </Button>
            {file.canRecordPayment && (
              <Button leftSection={<IconCash size={18} aria-hidden />} onClick={() => setPaying(true)}>
                {t('billing.markCyclePaid')}
              </Button>
            )}
          </Group>
          {!cycleEnded(cycle.status) && (
            <Text size="sm" c="dimmed">
              {t('billing.paymentsAfterEnd', { date: formatDate(cycle.endDate) })}
            </Text>
          )}
        </Stack>
      )}
      {paying && file && (
        <RecordPaymentDialog
          cycle={cycle}
          target={{ kind: 'payout', rowCount: file.rowCount, total: file.total }}
          onClose={() => setPaying(false)}
        />
      )}
    </Card>
  );
}
