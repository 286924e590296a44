// The settings tab's crate account, above the stock history it summarises: what the history added and
// wrote off as damaged, what counts came up short (not in the history: those are flagged deliveries),
// and what is left in circulation, with the same names and figures as the dashboard's tiles.
import { Anchor, Card, Group, Skeleton, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { formatCount } from '../../../lib/format.ts';
import { useFarmMetrics } from '../api/get-farm-metrics.ts';
import { crateAccount } from './crate-account.ts';

function Line({ label, value, note, testId }: { label: string; value: string; note: React.ReactNode; testId: string }) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <div style={{ minWidth: 0 }}>
        <Text fw={600}>{label}</Text>
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      </div>
      <Text fw={800} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** The account's lines, top to bottom: brought in − written off − short = total. */
const accountLines = (a: ReturnType<typeof crateAccount>) => [
  {
    label: 'Brought in',
    value: a.broughtIn,
    note: 'Additions in the stock history below',
    testId: 'account-brought-in',
  },
  {
    label: '− Written off',
    value: a.damaged,
    note: `Damaged crates: ${formatCount(a.damagedOnReturn)} marked damaged on returns, the rest the write-offs in the stock history below`,
    testId: 'account-written-off',
  },
  {
    label: '− Short on counts',
    value: a.shortOnCounts,
    note: (
      <>
        Deliveries counted short, less crates found, net:{' '}
        <Anchor component={Link} to={paths.transmissions.href()} size="xs" c="green.9" underline="always">
          the flagged transmissions
        </Anchor>
      </>
    ),
    testId: 'account-short-on-counts',
  },
  {
    label: '= Total crates',
    value: a.inCirculation,
    note: 'In circulation, as on the dashboard',
    testId: 'account-total',
  },
];

export function CrateAccountCard() {
  const metrics = useFarmMetrics();
  const a = metrics.data && crateAccount(metrics.data);
  return (
    <Card withBorder radius="md" p="lg" aria-labelledby="crate-account-title">
      <Title order={2} size="h4" mb="xs" id="crate-account-title">
        Crate Account
      </Title>
      {!a ? (
        <Skeleton h={160} />
      ) : (
        accountLines(a).map((line) => <Line key={line.testId} {...line} value={formatCount(line.value)} />)
      )}
    </Card>
  );
}
