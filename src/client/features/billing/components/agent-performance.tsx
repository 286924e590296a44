// Agent Performance (spec §2): per agent in a cycle its business, agent number, crates returned and
// amount, and 'Bank details required for EFT payment' when the agent has entered no bank.
import { Alert, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type BillingRecord, billingMessages as m } from '../../../../shared/billing.ts';
import { decimalToCents, formatRandDecimal } from '../../../../shared/money.ts';
import { formatCount } from '../../../lib/format.ts';
import { useCycleRecords } from '../api/get-cycle-records.ts';

/** Largest amount first; exact (cents), never through floats. */
const byAmount = (a: BillingRecord, b: BillingRecord) =>
  (decimalToCents(b.totalAmount) ?? 0) - (decimalToCents(a.totalAmount) ?? 0) || a.agentName.localeCompare(b.agentName);

export function AgentPerformance({ cycleId, title = 'Agent Performance' }: { cycleId: number; title?: string }) {
  const records = useCycleRecords(cycleId);
  const rows = [...(records.data ?? [])].sort(byAmount);
  return (
    <Card withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {records.isPending ? (
        <Skeleton height={80} radius="md" />
      ) : records.isError ? (
        <Alert color="red">We could not load the agents' records. Retrying…</Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">No empty crates have been returned in this cycle yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {rows.map((r) => (
            <Card key={r.id} withBorder radius="sm" p="md" data-testid="agent-performance-row">
              <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                    {r.agentName}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {r.businessName?.trim() || 'Business TBD'} · Agent {r.agentNumber}
                  </Text>
                </Stack>
                <Stack gap={2} align="flex-end">
                  <Text fw={800} data-testid="agent-amount" style={{ whiteSpace: 'nowrap' }}>
                    {formatRandDecimal(r.totalAmount)}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatCount(r.totalCratesReturned)} crates returned
                  </Text>
                </Stack>
              </Group>
              {r.bankName ? (
                <Badge variant="light" color="gray" mt="xs" style={{ textTransform: 'none' }}>
                  {r.bankName}
                  {r.accountNumber ? ` ${r.accountNumber}` : ''}
                </Badge>
              ) : (
                <Group gap={6} mt="xs" c="orange.9">
                  <IconAlertTriangle size={16} aria-hidden />
                  <Text size="sm">{m.bankDetailsRequired}</Text>
                </Group>
              )}
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}
