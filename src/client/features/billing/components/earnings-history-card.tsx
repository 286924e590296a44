// The market agent's earnings cycle by cycle (its own billing records): dates, rate, crates, amount.
import { Alert, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { billingMessages as m } from '../../../../shared/billing.ts';
import { formatRandDecimal } from '../../../../shared/money.ts';
import { formatCount, formatDate } from '../../../lib/format.ts';
import { useEarningsHistory } from '../api/get-earnings-history.ts';

export function EarningsHistoryCard() {
  const history = useEarningsHistory();
  const rows = history.data ?? [];
  return (
    <Card withBorder radius="md" p="lg" data-testid="earnings-history">
      <Title order={2} size="h4" mb="sm">
        Earnings by Billing Cycle
      </Title>
      {history.isPending ? (
        <Skeleton height={60} radius="md" />
      ) : history.isError ? (
        <Alert color="red">We could not load your earnings history. Retrying…</Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">Empty crates you return to the farm during a billing cycle are paid for and listed here.</Text>
      ) : (
        <Stack gap="xs">
          {rows.map((r) => (
            <Group
              key={r.cycleId}
              justify="space-between"
              gap="xs"
              py={6}
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            >
              <Stack gap={0}>
                <Group gap="xs">
                  <Text fw={600}>
                    {formatDate(r.startDate)} – {formatDate(r.endDate)}
                  </Text>
                  <Badge size="sm" variant="light" color={r.status === 'active' ? 'green' : 'gray'}>
                    {r.status === 'active' ? m.activeBadge : m.completedBadge}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {formatCount(r.totalCratesReturned)} crates at {formatRandDecimal(r.ratePerCrate)}
                </Text>
              </Stack>
              <Text fw={800} style={{ whiteSpace: 'nowrap' }}>
                {formatRandDecimal(r.totalAmount)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
