// One agent's stock takes on its Market Agents card (decision 054): a button that
// opens its history — each count with its differences and how they were resolved — and its loss rate,
// crates written off per crate handled. Read when opened (GET /api/stock-takes/agents/{id}).
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { AgentStockTakeHistory, StockTakeCount } from '../../../../shared/stock-takes.ts';
import { CardButtonDialog } from '../../../components/card-button-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { formatCount, formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useAgentStockTakeHistory } from '../api/agent-stock-take-history.ts';
import { differenceText, lineLabel } from './line-words.ts';

const statusKey = {
  open: 'stock-takes.statusOpen',
  submitted: 'stock-takes.statusSubmitted',
  resolved: 'stock-takes.statusResolved',
} as const;

/** 0.0125 → '1.3%': a loss rate to one decimal, so a small loss still shows. */
export const lossRatePercent = (rate: number) => `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;

export function AgentStockTakes({ marketAgentId, agentName }: { marketAgentId: number; agentName: string }) {
  const t = useT();
  return (
    <CardButtonDialog label={t('stock-takes.stockTakes')} whose={agentName}>
      <HistoryBody marketAgentId={marketAgentId} />
    </CardButtonDialog>
  );
}

function HistoryBody({ marketAgentId }: { marketAgentId: number }) {
  const t = useT();
  const history = useAgentStockTakeHistory(marketAgentId, true);
  if (history.isPending) return <Text size="sm">{t('stock-takes.loading')}</Text>;
  if (history.isError) return <FormError error={history.error} fallback={t('stock-takes.loadFailed')} />;
  return (
    <Stack gap="md">
      <LossRate history={history.data} />
      {history.data.counts.length === 0 ? (
        <Text size="sm">{t('stock-takes.noneYet')}</Text>
      ) : (
        history.data.counts.map((c) => <CountEntry key={c.id} count={c} />)
      )}
    </Stack>
  );
}

function LossRate({ history }: { history: AgentStockTakeHistory }) {
  const t = useT();
  return (
    <div data-testid="loss-rate">
      <Text size="sm" c="dimmed">
        {t('stock-takes.lossRate')}
      </Text>
      <Text fw={800} size="xl">
        {lossRatePercent(history.lossRate)}
      </Text>
      <Text size="sm">
        {t('stock-takes.writtenOff', {
          count: history.cratesWrittenOff,
          written: formatCount(history.cratesWrittenOff),
          handled: formatCount(history.cratesHandled),
        })}
      </Text>
    </div>
  );
}

function CountEntry({ count }: { count: StockTakeCount }) {
  const t = useT();
  const differences = count.lines.filter((l) => l.difference !== 0);
  return (
    <Stack gap={2} data-testid="stock-take-entry">
      <Group gap="xs">
        <Text fw={600} size="sm">
          {formatDate(count.startedAt)}
        </Text>
        <Badge color={count.status === 'resolved' ? 'green' : count.status === 'submitted' ? 'orange' : 'gray'}>
          {t(statusKey[count.status])}
        </Badge>
      </Group>
      {count.status === 'open' ? (
        <Text size="sm">{t('stock-takes.waitingForAgent')}</Text>
      ) : differences.length === 0 ? (
        <Text size="sm">{t('stock-takes.allMatched')}</Text>
      ) : (
        differences.map((l) => (
          <Text key={l.id} size="sm">
            {lineLabel(t, l)}: {differenceText(t, l.difference)}
            {l.resolution === 'accepted'
              ? t('stock-takes.acceptedNote')
              : l.resolution === 'recount'
                ? t('stock-takes.recountNote')
                : ''}
          </Text>
        ))
      )}
    </Stack>
  );
}
