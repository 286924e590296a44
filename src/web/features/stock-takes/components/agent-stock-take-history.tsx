// One agent's stock takes on its Market Agents card (decision 054): a button that
// opens its history — each count with its differences and how they were resolved — and its loss rate,
// crates written off per crate handled. Read when opened (GET /api/stock-takes/agents/{id}).
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { AgentStockTakeHistory, StockTakeCount } from '../../../../shared/stock-takes.ts';
import { CardButtonDialog } from '../../../components/card-button-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { formatCount, formatDate, plural } from '../../../lib/format.ts';
import { useAgentStockTakeHistory } from '../api/agent-stock-take-history.ts';

const statusLabel = { open: 'Counting', submitted: 'To resolve', resolved: 'Resolved' } as const;

/** 0.0125 → '1.3%': a loss rate to one decimal, so a small loss still shows. */
export const lossRatePercent = (rate: number) => `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;

export function AgentStockTakes({ marketAgentId, agentName }: { marketAgentId: number; agentName: string }) {
  return (
    <CardButtonDialog label="Stock takes" whose={agentName}>
      <HistoryBody marketAgentId={marketAgentId} />
    </CardButtonDialog>
  );
}

function HistoryBody({ marketAgentId }: { marketAgentId: number }) {
  const history = useAgentStockTakeHistory(marketAgentId, true);
  if (history.isPending) return <Text size="sm">Loading…</Text>;
  if (history.isError) return <FormError error={history.error} fallback="We could not load the stock takes" />;
  return (
    <Stack gap="md">
      <LossRate history={history.data} />
      {history.data.counts.length === 0 ? (
        <Text size="sm">No stock take yet.</Text>
      ) : (
        history.data.counts.map((c) => <CountEntry key={c.id} count={c} />)
      )}
    </Stack>
  );
}

function LossRate({ history }: { history: AgentStockTakeHistory }) {
  return (
    <div data-testid="loss-rate">
      <Text size="sm" c="dimmed">
        Loss rate
      </Text>
      <Text fw={800} size="xl">
        {lossRatePercent(history.lossRate)}
      </Text>
      <Text size="sm">
        {formatCount(history.cratesWrittenOff)} {plural(history.cratesWrittenOff, 'crate')} written off of{' '}
        {formatCount(history.cratesHandled)} handled
      </Text>
    </div>
  );
}

function CountEntry({ count }: { count: StockTakeCount }) {
  const differences = count.lines.filter((l) => l.difference !== 0);
  return (
    <Stack gap={2} data-testid="stock-take-entry">
      <Group gap="xs">
        <Text fw={600} size="sm">
          {formatDate(count.startedAt)}
        </Text>
        <Badge color={count.status === 'resolved' ? 'green' : count.status === 'submitted' ? 'orange' : 'gray'}>
          {statusLabel[count.status]}
        </Badge>
      </Group>
      {count.status === 'open' ? (
        <Text size="sm">Waiting for the agent's count.</Text>
      ) : differences.length === 0 ? (
        <Text size="sm">Everything matched.</Text>
      ) : (
        differences.map((l) => (
          <Text key={l.id} size="sm">
            {l.label}: {l.difference < 0 ? `${-l.difference} missing` : `${l.difference} found`}
            {l.resolution === 'accepted' ? ' · accepted' : l.resolution === 'recount' ? ' · recount asked' : ''}
          </Text>
        ))
      )}
    </Stack>
  );
}
