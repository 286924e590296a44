// The farm store's stock takes (decisions 051, 054): start one for all or some agents, see the counts and resolve
// each flagged difference: accept (booked on the ledger) or ask for a recount.
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { StockTakeLine } from '../../../../shared/stock-takes.ts';
import { FormError } from '../../../components/form-error.tsx';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useResolveLine, useStockTakeCounts } from '../api/stock-takes.ts';
import { countedLine } from './line-words.ts';
import { StartStockTake } from './start-stock-take.tsx';

const statusKey = {
  open: 'stock-takes.statusOpen',
  submitted: 'stock-takes.statusSubmitted',
  resolved: 'stock-takes.statusResolved',
} as const;

// Long: one card's JSX: the open counts, each difference with its two actions.
export function FarmStockTakes({
  differenceExtra,
}: {
  /** What goes under each difference (the app adds the agent's photos there). */
  differenceExtra?: (line: StockTakeLine) => ReactNode;
} = {}) {
  const t = useT();
  const counts = useStockTakeCounts();
  const resolve = useResolveLine();
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>{t('stock-takes.stockTakes')}</Title>
          <StartStockTake />
        </Group>
        <FormError error={resolve.isError ? resolve.error : null} fallback={t('stock-takes.failed')} />
        {(counts.data ?? []).length === 0 && <Text size="sm">{t('stock-takes.noneOpen')}</Text>}
        {(counts.data ?? []).map((c) => (
          <Stack key={c.id} gap={4}>
            <Group gap="xs">
              <Text fw={600}>{c.agentName}</Text>
              <Badge color={c.status === 'submitted' ? 'red.9' : 'gray.7'}>{t(statusKey[c.status])}</Badge>
            </Group>
            {c.lines
              .filter((l) => l.difference !== 0)
              .map((l) => (
                <Stack key={l.id} gap={4}>
                  <Group justify="space-between" wrap="wrap">
                    <Text size="sm">{countedLine(t, l)}</Text>
                    {l.resolution === 'accepted' ? (
                      <Badge color="green.9">{t('stock-takes.acceptedBadge')}</Badge>
                    ) : c.status === 'submitted' ? (
                      <Group gap="xs">
                        <Button
                          size="xs"
                          mih={44}
                          onClick={() =>
                            resolve.mutate(
                              { id: l.id, action: 'accept' },
                              { onSuccess: () => notifySuccess(t('stock-takes.accepted')) },
                            )
                          }
                        >
                          {t('stock-takes.accept')}
                        </Button>
                        <Button
                          size="xs"
                          mih={44}
                          variant="default"
                          onClick={() =>
                            resolve.mutate(
                              { id: l.id, action: 'recount' },
                              { onSuccess: () => notifySuccess(t('stock-takes.recountAsked')) },
                            )
                          }
                        >
                          {t('stock-takes.askRecount')}
                        </Button>
                      </Group>
                    ) : null}
                  </Group>
                  {differenceExtra?.(l)}
                </Stack>
              ))}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
