// The market agent's own week (its dashboard's reports tab): the figures its Monday e-mail carries.
import { Card, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { formatRandDecimal } from '../../../../shared/money.ts';
import { NothingSaved } from '../../../components/nothing-saved.tsx';
import { SectionHeader } from '../../../components/page-header.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useReadShows } from '../../../lib/offline/read-shows.ts';
import { useMyWeekly } from '../api/get-my-weekly.ts';

// Long: the agent's weekly summary card: the figures and the send button laid out as one card.
export function MyWeeklySummary() {
  const t = useT();
  const weekly = useMyWeekly();
  const { data } = weekly;
  const shows = useReadShows(weekly);
  if (shows === 'nothing-saved') return <NothingSaved />;
  if (shows === 'loading') return <Skeleton h={200} radius="md" />;
  if (shows === 'failed' || !data) return <Text c="red.8">{t('reports.weeklyFailedLoad')}</Text>;
  const s = data;
  const crates = (count: number) => t('common.crates', { count });
  const withCrates = (count: number, crateCount: number) => t('reports.countWithCrates', { count, crates: crateCount });
  const groups: [string, [string, string][]][] = [
    [
      t('reports.transmissions'),
      [
        [t('reports.thisWeek'), String(s.transmissions.total)],
        [t('reports.deliveriesReceived'), withCrates(s.transmissions.received, s.transmissions.cratesReceived)],
        [t('reports.emptiesReturned'), withCrates(s.transmissions.returned, s.transmissions.cratesReturned)],
        [t('reports.waitingToBeCounted'), String(s.transmissions.pending)],
      ],
    ],
    [
      t('reports.loans'),
      [
        [t('reports.lentThisWeek'), withCrates(s.loans.lentThisWeek, s.loans.cratesLentThisWeek)],
        [t('reports.openLoans'), String(s.loans.openLoans)],
      ],
    ],
    [
      t('reports.cratesHeld'),
      [
        [t('reports.full'), String(s.crates.full)],
        [t('reports.empty'), String(s.crates.empty)],
        [t('reports.withClients'), String(s.crates.withClients)],
      ],
    ],
    [
      // Damaged apart from missing (decision 056): both written off this week, for different reasons.
      t('reports.writtenOffThisWeek'),
      [
        [t('reports.markedDamaged'), crates(s.writeOffs.damaged)],
        [t('reports.missingAtStockTakes'), crates(s.writeOffs.missing)],
      ],
    ],
    [
      t('reports.earnings'),
      [
        [
          t('reports.totalEarnings'),
          t('reports.earningsFor', {
            amount: formatRandDecimal(s.earnings.totalEarnings),
            crates: crates(s.earnings.cratesBilled),
          }),
        ],
        [t('reports.paidToYou'), formatRandDecimal(s.earnings.totalPaid)],
        [t('reports.owedToYou'), formatRandDecimal(s.earnings.totalOwed)],
        ...(s.earnings.unbilledCratesThisWeek > 0
          ? ([[t('reports.returnedNotBilled'), crates(s.earnings.unbilledCratesThisWeek)]] as [string, string][])
          : []),
        [
          t('reports.emptyCratesValue'),
          s.earnings.emptyCratesValue === null
            ? t('reports.noActiveCycle')
            : formatRandDecimal(s.earnings.emptyCratesValue),
        ],
      ],
    ],
  ];
  return (
    <Card withBorder radius="md" p="lg">
      <SectionHeader
        title={t('reports.myWeeklySummary')}
        description={t('reports.myWeeklyDescription', {
          start: formatDate(s.period.startDate),
          end: formatDate(s.period.endDate),
        })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {groups.map(([title, rows]) => (
          <div key={title}>
            <Text fw={700} mb={4}>
              {title}
            </Text>
            {rows.map(([label, value]) => (
              <Group key={label} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" c="gray.7">
                  {label}
                </Text>
                <Text size="sm" fw={600} ta="right">
                  {value}
                </Text>
              </Group>
            ))}
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}
