// Agent Performance (spec §2): per agent in a cycle its business, agent number, crates returned and
// amount; 'Bank details required for EFT payment' when its bank details are incomplete (it is left out
// of the payout file); what was recorded as paid (when, reference) and what is still owed, with
// 'Mark Paid' for that agent when the server says it may be recorded (the record's canRecordPayment);
// 'Removed' on an agent the farm store removed (decision 039).
import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import type { BillingCycle, BillingRecord } from '../../../../shared/billing.ts';
import { decimalToCents, formatRandDecimal } from '../../../../shared/money.ts';
import { NameLines } from '../../../components/name-lines.tsx';
import { RemovedBadge } from '../../../components/removed-badge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useCycleRecords } from '../api/get-cycle-records.ts';
import { type PaymentTarget, RecordPaymentDialog } from './record-payment-dialog.tsx';

const cents = (amount: string) => decimalToCents(amount) ?? 0;

/** Largest amount first; exact (cents), never through floats. */
const byAmount = (a: BillingRecord, b: BillingRecord) =>
  cents(b.totalAmount) - cents(a.totalAmount) || a.agentName.localeCompare(b.agentName);

/** One agent's line in the cycle: what it earned, its bank details, what was paid and what is owed. */
// Long: one agent's card layout: earnings, bank details or the warning, paid and owed with Mark Paid.
function AgentPerformanceRow({ record: r, onPay }: { record: BillingRecord; onPay: (target: PaymentTarget) => void }) {
  const t = useT();
  return (
    <Card withBorder radius="sm" p="md" data-testid="agent-performance-row">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <NameLines
          gap={2}
          name={r.agentName}
          detail={t('billing.agentDetail', {
            business: r.businessName?.trim() || t('billing.businessTbd'),
            number: r.agentNumber,
          })}
        />
        <Stack gap={2} align="flex-end">
          <Text fw={800} data-testid="agent-amount" style={{ whiteSpace: 'nowrap' }}>
            {formatRandDecimal(r.totalAmount)}
          </Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('billing.cratesReturned', { count: r.totalCratesReturned })}
          </Text>
        </Stack>
      </Group>
      {!r.isActive && (
        <Group mt="xs">
          <RemovedBadge />
        </Group>
      )}
      {r.hasBankDetails ? (
        <Badge variant="light" color="gray" mt="xs">
          {r.bankName}
          {r.accountNumber ? ` ${r.accountNumber}` : ''}
        </Badge>
      ) : (
        // The icon in orange, the words in the text colour: orange.9 text is 4.3:1 on white (WCAG asks 4.5).
        <Group gap={6} mt="xs" wrap="nowrap">
          <IconAlertTriangle size={16} aria-hidden color="var(--mantine-color-orange-9)" style={{ flexShrink: 0 }} />
          <Text size="sm">{t('billing.bankDetailsRequired')}</Text>
        </Group>
      )}
      {cents(r.paidAmount) !== 0 && (
        <Text size="sm" mt="xs" data-testid="agent-paid" style={{ overflowWrap: 'anywhere' }}>
          {t('billing.paidAmount', { amount: formatRandDecimal(r.paidAmount) })}
          {r.paidOn ? t('billing.paidOnDate', { date: formatDate(r.paidOn) }) : ''}
          {r.paymentReference ? t('billing.paidReference', { reference: r.paymentReference }) : ''}
        </Text>
      )}
      {/* The server states whether this agent's payment may be recorded now (ended, owed, not yet paid). */}
      {r.canRecordPayment && (
        <Group justify="space-between" gap="xs" mt="xs">
          <Text size="sm" fw={700} data-testid="agent-owed">
            {t('billing.owedAmount', { amount: formatRandDecimal(r.owedAmount) })}
          </Text>
          <Button
            size="xs"
            variant="light"
            onClick={() =>
              onPay({
                kind: 'agent',
                marketAgentId: r.marketAgentId,
                agentName: r.agentName,
                amount: r.owedAmount,
              })
            }
          >
            {t('billing.markPaid')}
          </Button>
        </Group>
      )}
    </Card>
  );
}

export function AgentPerformance({ cycle, title }: { cycle: BillingCycle; title?: string }) {
  const t = useT();
  const records = useCycleRecords(cycle.id);
  const [paying, setPaying] = useState<PaymentTarget | null>(null);
  const rows = [...(records.data ?? [])].sort(byAmount);
  return (
    <Card withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="sm">
        {title ?? t('billing.agentPerformance')}
      </Title>
      {records.isPending ? (
        <Skeleton height={80} radius="md" />
      ) : records.isError ? (
        <Alert color="red">{t('billing.recordsLoadFailed')}</Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('billing.noCratesReturnedYet')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {rows.map((r) => (
            <AgentPerformanceRow key={r.id} record={r} onPay={setPaying} />
          ))}
        </SimpleGrid>
      )}
      {paying && <RecordPaymentDialog cycle={cycle} target={paying} onClose={() => setPaying(null)} />}
    </Card>
  );
}
