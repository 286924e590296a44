// The four summary totals of the Market Agents screen (spec §2).
import { Card, SimpleGrid, Text } from '@mantine/core';
import type { MarketAgent } from '../../../../shared/agents.ts';
import { formatCount } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';

export function agentTotals(agents: MarketAgent[]) {
  const sum = (pick: (a: MarketAgent) => number) => agents.reduce((total, a) => total + pick(a), 0);
  return [
    { label: 'agents.totalDistributed', value: sum((a) => a.totalCrates) },
    { label: 'agents.totalFull', value: sum((a) => a.fullCrates) },
    { label: 'agents.totalWithClients', value: sum((a) => a.cratesWithClients) },
    { label: 'agents.totalReady', value: sum((a) => a.emptyCrates) },
  ];
}

export function AgentTotals({ agents }: { agents: MarketAgent[] }) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      {agentTotals(agents).map((total) => (
        <Card key={total.label} withBorder radius="md" p="md" data-testid="agent-total">
          <Text size="sm" c="dimmed">
            {t(total.label)}
          </Text>
          <Text fw={800} size="xl">
            {formatCount(total.value)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
