// The market agent's earnings cycle by cycle (its own billing lines): dates, status, crates × rate,
// amount, and what the farm recorded as paid (when, bank reference) or still owes once a cycle ends.
import { Alert, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { decimalToCents, formatRandDecimal } from '../../../../shared/money.ts';
import { NothingSaved } from '../../../components/nothing-saved.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { type ReadShows, useReadShows } from '../../../lib/offline/read-shows.ts';
import { useEarningsHistory } from '../api/get-earnings-history.ts';
import { CycleStatusBadge, cycleEnded } from './cycle-status-badge.tsx';

const cents = (amount: string) => decimalToCents(amount) ?? 0;

/** Before an answer: loading, failed, or (offline) nothing kept on the phone (decision 067). */
function NoAnswer({ shows }: { shows: ReadShows }) {
  const t = useT();
  if (shows === 'nothing-saved') return <NothingSaved />;
  if (shows === 'failed') return <Alert color="red">{t('billing.earningsLoadFailed')}</Alert>;
  return <Skeleton height={60} radius="md" />;
}

// Long: the card's layout, one line per cycle with its earnings, paid and owed.
export function EarningsHistoryCard() {
  const t = useT();
  const history = useEarningsHistory();
  const rows = history.data ?? [];
  const shows = useReadShows(history);
  return (
    <Card withBorder radius="md" p="lg" data-testid="earnings-history">
      <Title order={2} size="h4" mb="sm">
        {t('billing.earningsByCycle')}
      </Title>
      {shows !== 'answer' ? (
        <NoAnswer shows={shows} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('billing.earningsEmpty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((r) => (
            <Stack
              component="li"
              key={r.cycleId}
              gap={2}
              py={6}
              data-testid="earnings-cycle"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            >
              <Group justify="space-between" gap="xs" align="flex-start">
                <Stack gap={0}>
                  <Group gap="xs">
                    <Text fw={600}>
                      {formatDate(r.startDate)} – {formatDate(r.endDate)}
                    </Text>
                    <CycleStatusBadge status={r.status} size="sm" />
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t('billing.cratesAtRate', {
                      count: r.totalCratesReturned,
                      rate: formatRandDecimal(r.ratePerCrate),
                    })}
                  </Text>
                </Stack>
                <Text fw={800} style={{ whiteSpace: 'nowrap' }}>
                  {formatRandDecimal(r.totalAmount)}
                </Text>
              </Group>
              {cents(r.paidAmount) !== 0 && (
                <Text size="sm" data-testid="earnings-paid" style={{ overflowWrap: 'anywhere' }}>
                  {t('billing.paidAmount', { amount: formatRandDecimal(r.paidAmount) })}
                  {r.paidOn ? t('billing.paidOnDate', { date: formatDate(r.paidOn) }) : ''}
                  {r.paymentReference ? t('billing.paidReference', { reference: r.paymentReference }) : ''}
                </Text>
              )}
              {cycleEnded(r.status) && cents(r.owedAmount) > 0 && (
                <Text size="sm" fw={700} data-testid="earnings-owed">
                  {t('billing.owedAmount', { amount: formatRandDecimal(r.owedAmount) })}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}
