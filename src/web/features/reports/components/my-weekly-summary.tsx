// The market agent's own week (its dashboard's reports tab): the figures its Monday e-mail carries.
import { Card, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { formatRandDecimal } from '../../../../shared/money.ts';
import { NothingSaved } from '../../../components/nothing-saved.tsx';
import { SectionHeader } from '../../../components/page-header.tsx';
import { crates, formatDate } from '../../../lib/format.ts';
import { useReadShows } from '../../../lib/offline/read-shows.ts';
import { useMyWeekly } from '../api/get-my-weekly.ts';

// Long: the agent's weekly summary card: the figures and the send button laid out as one card.
export function MyWeeklySummary() {
  const weekly = useMyWeekly();
  const { data } = weekly;
  const shows = useReadShows(weekly);
  if (shows === 'nothing-saved') return <NothingSaved />;
  if (shows === 'loading') return <Skeleton h={200} radius="md" />;
  if (shows === 'failed' || !data) return <Text c="red.8">Your weekly summary could not be loaded.</Text>;
  const s = data;
  const groups: [string, [string, string][]][] = [
    [
      'Transmissions',
      [
        ['This week', String(s.transmissions.total)],
        ['Deliveries received', `${s.transmissions.received} (${s.transmissions.cratesReceived} crates)`],
        ['Empties returned', `${s.transmissions.returned} (${s.transmissions.cratesReturned} crates)`],
        ['Waiting to be counted', String(s.transmissions.pending)],
      ],
    ],
    [
      'Loans',
      [
        ['Lent this week', `${s.loans.lentThisWeek} (${s.loans.cratesLentThisWeek} crates)`],
        ['Open loans', String(s.loans.openLoans)],
      ],
    ],
    [
      'Crates held',
      [
        ['Full', String(s.crates.full)],
        ['Empty', String(s.crates.empty)],
        ['With clients', String(s.crates.withClients)],
      ],
    ],
    [
      // Damaged apart from missing (decision 056): both written off this week, for different reasons.
      'Written off this week',
      [
        ['Marked damaged', crates(s.writeOffs.damaged)],
        ['Missing at stock takes', crates(s.writeOffs.missing)],
      ],
    ],
    [
      'Earnings',
      [
        ['Total earnings', `${formatRandDecimal(s.earnings.totalEarnings)} for ${crates(s.earnings.cratesBilled)}`],
        ['Paid to you', formatRandDecimal(s.earnings.totalPaid)],
        ['Owed to you', formatRandDecimal(s.earnings.totalOwed)],
        ...(s.earnings.unbilledCratesThisWeek > 0
          ? ([['Returned this week, not yet in a billing cycle', crates(s.earnings.unbilledCratesThisWeek)]] as [
              string,
              string,
            ][])
          : []),
        [
          'Value of your empty crates',
          s.earnings.emptyCratesValue === null
            ? 'No active billing cycle'
            : formatRandDecimal(s.earnings.emptyCratesValue),
        ],
      ],
    ],
  ];
  return (
    <Card withBorder radius="md" p="lg">
      <SectionHeader
        title="My Weekly Summary"
        description={`${formatDate(s.period.startDate)} to ${formatDate(s.period.endDate)}. The farm e-mails you this summary every week.`}
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
