// The settings tab's crate account, above the stock history it summarises: what the history added and
// wrote off as damaged, what counts came up short (not in the history: those are flagged deliveries),
// and what is left in circulation, with the same names and figures as the dashboard's tiles.
import { Anchor, Card, Group, Skeleton, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { formatCount } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
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
    label: t('dashboard.broughtIn'),
    value: a.broughtIn,
    note: t('dashboard.broughtInNote'),
    testId: 'account-brought-in',
  },
  {
    label: t('dashboard.writtenOff'),
    value: a.damaged,
    note: t('dashboard.writtenOffNote', { count: a.damagedOnReturn }),
    testId: 'account-written-off',
  },
  {
    label: t('dashboard.shortOnCountsLine'),
    value: a.shortOnCounts,
    note: (
      <>
        {t('dashboard.shortOnCountsNote')}{' '}
        <Anchor component={Link} to={paths.transmissions.href()} size="xs" c="green.9" underline="always">
          {t('dashboard.flaggedTransmissions')}
        </Anchor>
      </>
    ),
    testId: 'account-short-on-counts',
  },
  {
    label: t('dashboard.totalCrates'),
    value: a.inCirculation,
    note: t('dashboard.totalNote'),
    testId: 'account-total',
  },
];

export function CrateAccountCard() {
  useT(); // the lines follow the language
  const metrics = useFarmMetrics();
  const a = metrics.data && crateAccount(metrics.data);
  return (
    <Card withBorder radius="md" p="lg" aria-labelledby="crate-account-title">
      <Title order={2} size="h4" mb="xs" id="crate-account-title">
        {t('dashboard.crateAccount')}
      </Title>
      {!a ? (
        <Skeleton h={160} />
      ) : (
        accountLines(a).map((line) => <Line key={line.testId} {...line} value={formatCount(line.value)} />)
      )}
    </Card>
  );
}
