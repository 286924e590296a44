// The agent's stock take (decision 051): shown only while the farm store waits for a count. Each
// holder prefilled with the ledger's figure; what is typed is sent as typed (field messages otherwise).
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { quantityLimit } from '../../../../shared/quantity-limits.ts';
import { STOCK_TAKE_COUNT_MAX, type StockTakeLine } from '../../../../shared/stock-takes.ts';
import { FormError } from '../../../components/form-error.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { formatCount } from '../../../lib/format.ts';
import { t as tr } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCurrentStockTake, useSubmitCount } from '../api/stock-takes.ts';
import { countedLine, lineLabel } from './line-words.ts';

const keyOf = (l: { holderKind: string; clientId: number | null }) => `${l.holderKind}:${l.clientId ?? ''}`;
const parse = (v: number | string) => (typeof v === 'number' ? v : /^\s*\d{1,6}\s*$/.test(v) ? Number(v) : Number.NaN);
/** Each count field's one limit (decisions 061, 067): its hint, its check as typed, its message. */
export const countLimit = quantityLimit(0, STOCK_TAKE_COUNT_MAX, (max) =>
  tr('stock-takes.countTooLarge', { max: formatCount(max) }),
);
const isBlank = (v: number | string) => typeof v === 'string' && v.trim() === '';
/** A blank figure is the form's own check when sent ("Please enter the crates counted…"). */
const figureProblem = (v: number | string) =>
  isBlank(v)
    ? tr('stock-takes.countWhole', { max: STOCK_TAKE_COUNT_MAX.toLocaleString('en-ZA') })
    : countLimit.check(v);

// Long: one card's JSX: the count form, a field per holder and client.
export function AgentStockTake({
  differenceExtra,
}: {
  /** What goes under each difference once the count is sent (the app adds the photos there). */
  differenceExtra?: (line: StockTakeLine) => ReactNode;
} = {}) {
  const t = useT();
  const current = useCurrentStockTake();
  const submit = useSubmitCount();
  const [typed, setTyped] = useState<Record<string, number | string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const data = current.data;
  if (!data?.count) return null;
  const count = data.count;
  if (count.status !== 'open') {
    const differences = count.lines.filter((l) => l.difference !== 0);
    return (
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Alert color="blue" title={t('stock-takes.sentTitle')}>
            {t('stock-takes.sentBody', { count: count.openDifferences })}
          </Alert>
          {differences.length > 0 && <Title order={3}>{t('stock-takes.differences')}</Title>}
          {differences.map((l) => (
            <Stack key={l.id} gap={4}>
              <Text size="sm">{countedLine(t, l)}</Text>
              {differenceExtra?.(l)}
            </Stack>
          ))}
        </Stack>
      </Card>
    );
  }
  // Each figure starts empty (a recount at the agent's own last count), never at the books' figure, so
  // every one is really counted; the books' figures and the differences show once it is sent (decision 061).
  const shownFigure = (l: (typeof data.toCount)[number]) => typed[keyOf(l)] ?? l.previouslyCounted ?? '';
  const send = (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const l of data.toCount) {
      const problem = figureProblem(shownFigure(l));
      if (problem) found[keyOf(l)] = problem;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const figure = (l: (typeof data.toCount)[number]) => parse(shownFigure(l));
    submit.mutate(
      {
        id: count.id,
        body: {
          fullCrates: figure(data.toCount[0]),
          emptyCrates: figure(data.toCount[1]),
          clients: data.toCount.slice(2).map((l) => ({ clientId: l.clientId!, counted: figure(l) })),
        },
      },
      { onSuccess: () => notifySuccess(t('stock-takes.submitted')) },
    );
  };
  return (
    <Card withBorder padding="md">
      <form onSubmit={send} noValidate aria-label={t('stock-takes.stockTake')}>
        <Stack gap="sm">
          <Title order={3}>{t('stock-takes.stockTake')}</Title>
          <Text size="sm">{t('stock-takes.intro')}</Text>
          {data.toCount.map((l) => (
            <QuantityInput
              key={keyOf(l)}
              label={lineLabel(t, l)}
              min={0}
              max={STOCK_TAKE_COUNT_MAX}
              hint
              value={shownFigure(l)}
              onChange={(v) => {
                setTyped((t) => ({ ...t, [keyOf(l)]: v }));
                setErrors(({ [keyOf(l)]: _, ...rest }) => rest);
              }}
              // Negative, non-whole or above the limit: said as it is typed (decision 067).
              error={errors[keyOf(l)] ?? countLimit.check(shownFigure(l))}
            />
          ))}
          <FormError error={submit.isError ? submit.error : null} fallback={t('stock-takes.sendFailed')} />
          <Button type="submit" loading={submit.isPending} mih={44}>
            {t('stock-takes.sendCount')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
