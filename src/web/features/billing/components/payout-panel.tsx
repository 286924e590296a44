// A cycle's payout: what the payout file holds before it downloads (rows and total), the
// agents owed money it leaves out for lack of bank details ('Not in the payout file — no bank
// details', with amounts), and 'Mark Cycle Paid' when the server says the payout may be recorded
// (the summary's canRecordPayment: the cycle has ended and someone in the file is owed).
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCash, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { BillingCycle } from '../../../../shared/billing.ts';
import { billingMessages as m } from '../../../../shared/billing-labels.ts';
import { formatRandDecimal } from '../../../../shared/money.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate, plural } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDownloadPayout } from '../api/download-payout.ts';
import { usePayoutSummary } from '../api/get-payout-summary.ts';
import { cycleEnded } from './cycle-status-badge.tsx';
import { RecordPaymentDialog } from './record-payment-dialog.tsx';

// Long: the payout panel's layout (totals, the file download, the list of who is left out), one screen section.
export function PayoutPanel({ cycle }: { cycle: BillingCycle }) {
  const summary = usePayoutSummary(cycle.id);
  const payout = useDownloadPayout();
  const [paying, setPaying] = useState(false);
  const file = summary.data;

  const download = () =>
    payout.mutate(cycle, {
      onSuccess: (name) => notifySuccess(`${name} downloaded for your bank's bulk EFT upload`),
      onError: (error) => notifyError(errorMessage(error, m.payoutFailed)),
    });

  return (
    <Card withBorder radius="md" p="lg" data-testid="payout-panel">
      <Title order={2} size="h4" mb="xs">
        Payout
      </Title>
      {summary.isPending ? (
        <Skeleton height={60} radius="md" />
      ) : summary.isError || !file ? (
        <Alert color="red">We could not load this cycle's payout. Retrying…</Alert>
      ) : (
        <Stack gap="sm">
          <Text data-testid="payout-summary">
            {file.rowCount === 0
              ? 'The payout file is empty: nobody with bank details is owed money in this cycle.'
              : `Payout file: ${file.rowCount} ${plural(file.rowCount, 'payment')}, ${formatRandDecimal(file.total)}`}
          </Text>
          {file.missingBankDetails.length > 0 && (
            <Alert color="orange" variant="light" p="sm" data-testid="payout-missing">
              {/* Not the Alert's title: its orange text is below WCAG contrast on the tint. */}
              <Text size="sm" fw={700} mb={4}>
                {m.notInPayoutFile}
              </Text>
              <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {file.missingBankDetails.map((a) => (
                  <Group component="li" key={a.marketAgentId} justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                      {a.agentName} · Agent {a.agentNumber}
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
              Download Payout CSV
            </Button>
            {file.canRecordPayment && (
              <Button leftSection={<IconCash size={18} aria-hidden />} onClick={() => setPaying(true)}>
                Mark Cycle Paid
              </Button>
            )}
          </Group>
          {!cycleEnded(cycle.status) && (
            <Text size="sm" c="dimmed">
              Payments can be recorded once the cycle has ended (after {formatDate(cycle.endDate)}).
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
