// The four summary totals of the Market Agents screen (spec §2).
import { Card, SimpleGrid, Text } from '@mantine/core';
import type { MarketAgent } from '../../../../shared/agents.ts';
import { formatCount } from '../../../lib/format.ts';

export function agentTotals(agents: MarketAgent[]) {
  const sum = (pick: (a: MarketAgent) => number) => agents.reduce((total, a) => total + pick(a), 0);
  return [
    { label: 'Total Crates Distributed', value: sum((a) => a.totalCrates) },
    { label: 'Full Crates at Markets', value: sum((a) => a.fullCrates) },
    { label: 'With Clients', value: sum((a) => a.cratesWithClients) },
    { label: 'Ready for Pickup', value: sum((a) => a.emptyCrates) },
  ];
}

export function AgentTotals({ agents }: { agents: MarketAgent[] }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      {agentTotals(agents).map((t) => (
        <Card key={t.label} withBorder radius="md" p="md" data-testid="agent-total">
          <Text size="sm" c="dimmed">
            {t.label}
          </Text>
          <Text fw={800} size="xl">
            {formatCount(t.value)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
