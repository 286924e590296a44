// The trends tab: one line chart per variety for 3, 6, 12 or 24 months (default 12), at most 20
// points each, the direction from the last two points, and the 12- and 24-month HTML exports.
// Loaded lazily: it brings @mantine/charts and recharts, which the rest of the landing page doesn't need.
import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Alert, Button, Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconDownload, IconMinus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { formatRand } from '../../../../shared/money.ts';
import type { HistoryPoint } from '../../../../shared/pricing.ts';
import {
  DEFAULT_TREND_MONTHS,
  downsampleEvenly,
  type ExportRange,
  exportRanges,
  historyByVariety,
  type TrendDirection,
  type TrendRange,
  trendDirection,
  trendRanges,
} from '../../../../shared/pricing-format.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useExportPricingHistory } from '../api/export-pricing-history.ts';
import { usePricingHistory } from '../api/get-pricing-history.ts';
import { trendBasis } from '../trend-basis.ts';

const directionView: Record<TrendDirection, { label: string; colour: string; Icon: typeof IconMinus }> = {
  up: { label: 'pricing.trendingUp', colour: 'red.9', Icon: IconArrowUpRight },
  down: { label: 'pricing.trendingDown', colour: 'blue.9', Icon: IconArrowDownRight },
  stable: { label: 'pricing.stable', colour: 'gray.7', Icon: IconMinus },
};

/** The direction and, beside it, the last change it is based on (the chart may not show it). */
function TrendLabel({ direction, basis }: { direction: TrendDirection; basis: string }) {
  const t = useT();
  const { label, colour, Icon } = directionView[direction];
  return (
    <Group gap={6} align="center" wrap="wrap" mt={4}>
      <Group gap={4} wrap="nowrap" c={colour} data-testid="trend-direction" data-direction={direction}>
        <Icon size={18} aria-hidden="true" />
        <Text span size="sm" fw={600}>
          {t(label)}
        </Text>
      </Group>
      <Text span size="sm" c="gray.7" data-testid="trend-basis">
        {basis}
      </Text>
    </Group>
  );
}

function VarietyChart({ variety, points }: { variety: string; points: HistoryPoint[] }) {
  const t = useT();
  const data = useMemo(
    () =>
      downsampleEvenly(points).map((p) => ({
        date: dayjs(p.effectiveDate).format('D MMM YY'), // i18n-ignore: a date format
        // Display only: the chart library needs numbers in rand; money stays in cents elsewhere.
        price: p.pricePerCrate / 100,
      })),
    [points],
  );
  const latest = points[points.length - 1];
  const direction = trendDirection(points);
  return (
    <Card withBorder radius="md" p="md" data-testid="trend-card" data-variety={variety}>
      {/* The direction and its basis sit under the latest price, so a wrapping title never moves them. */}
      <div style={{ marginBottom: 'var(--mantine-spacing-xs)' }}>
        <Title order={3} size="h5">
          {variety}
        </Title>
        <Text size="sm" c="gray.7">
          {t('pricing.latest')} <span data-testid="trend-latest">{formatRand(latest.pricePerCrate)}</span>{' '}
          {t('pricing.perCrate')} · <span data-testid="trend-points">{data.length}</span> {t('pricing.points')}
        </Text>
        <TrendLabel direction={direction} basis={trendBasis(points)} />
      </div>
      <LineChart
        h={200}
        data={data}
        dataKey="date"
        series={[{ name: 'price', label: t('pricing.pricePerCrate'), color: 'green.7' }]}
        curveType="monotone"
        withDots={data.length <= 12}
        valueFormatter={(value) => formatRand(Math.round(value * 100))}
        yAxisProps={{ width: 84, domain: ['auto', 'auto'] }}
        xAxisProps={{ minTickGap: 16 }}
        lineProps={{ isAnimationActive: false }}
        role="figure"
        aria-label={t('pricing.chartLabel', { variety })}
      />
    </Card>
  );
}

// Long: the trends card's layout: the variety and period pickers, the chart's configuration and its states.
export default function PriceTrends() {
  const t = useT();
  const [months, setMonths] = useState<TrendRange>(DEFAULT_TREND_MONTHS);
  const history = usePricingHistory(months);
  const exportHistory = useExportPricingHistory();
  const groups = useMemo(() => [...historyByVariety(history.data ?? [])], [history.data]);

  useEffect(() => {
    if (history.isError) notifyError(t('pricing.historyFailed'));
  }, [history.isError, t]);

  const download = (range: ExportRange) =>
    exportHistory.mutate(range, {
      onSuccess: (name) => notifySuccess(t('pricing.historySaved', { name })),
      onError: (error) => notifyError(errorMessage(error, t('pricing.exportFailed'))),
    });

  return (
    <Stack>
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          fullWidth
          size="xs"
          w={{ base: '100%', sm: 'auto' }}
          aria-label={t('pricing.trendRange')}
          value={String(months)}
          onChange={(value) => setMonths(Number(value) as TrendRange)}
          data={trendRanges.map((n) => ({ value: String(n), label: t('pricing.months', { n }) }))}
        />
        <Group gap="xs">
          {exportRanges.map((range) => (
            <Button
              key={range}
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              loading={exportHistory.isPending && exportHistory.variables === range}
              onClick={() => download(range)}
            >
              {t('pricing.exportMonths', { n: range })}
            </Button>
          ))}
        </Group>
      </Group>
      {history.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {[1, 2, 3, 4].map((n) => (
            <Skeleton key={n} h={270} radius="md" />
          ))}
        </SimpleGrid>
      ) : history.isError ? (
        <Alert color="red" variant="light" title={t('pricing.historyFailed')}>
          {t('pricing.historyRetry')}
        </Alert>
      ) : groups.length === 0 ? (
        <Text c="gray.7">{t('pricing.noHistory')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {groups.map(([variety, points]) => (
            <VarietyChart key={variety} variety={variety} points={points} />
          ))}
        </SimpleGrid>
      )}
      <Text size="xs" c="gray.7">
        {t('pricing.trendsNote', { months })}
      </Text>
    </Stack>
  );
}
