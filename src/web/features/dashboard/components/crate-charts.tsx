// The farm store's two charts (loaded when they scroll near, by lazy-crate-charts.tsx, so recharts
// stays off the dashboard's first paint): where the crates are right now, and crates sent vs
// returned per week for 12 weeks.
import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import type { FarmMetrics } from '../../../../shared/agents.ts';
import { formatCount } from '../../../lib/format.ts';
import { t as translate } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { CHART_CARD_MIN_HEIGHT, crateChartTitles } from './crate-chart-layout.ts';

export function cratePlaces(m: FarmMetrics) {
  return [
    { name: translate('dashboard.atFarm'), value: m.farm, color: 'green.6' },
    { name: translate('dashboard.inTransit'), value: m.inTransit, color: 'blue.5' },
    { name: translate('dashboard.atMarketsFull'), value: m.atMarketsFull, color: 'orange.5' },
    { name: translate('dashboard.atMarketsEmpty'), value: m.atMarketsEmpty, color: 'yellow.4' },
    { name: translate('dashboard.withClients'), value: m.withClients, color: 'grape.5' },
    { name: translate('dashboard.withSuppliers'), value: m.withSuppliers, color: 'teal.5' },
    { name: translate('dashboard.shortOnCounts'), value: Math.max(0, m.writtenOff), color: 'red.6' },
  ];
}

// Long: the charts' configuration (series, axes, labels) is one block of JSX.
export default function CrateCharts({ metrics }: { metrics: FarmMetrics }) {
  const t = useT();
  const places = cratePlaces(metrics);
  const shown = places.filter((p) => p.value > 0);
  const weekly = metrics.weekly.map((w) => ({
    week: `${dayjs(w.weekStart).date()} ${t('dates.months').split(' ')[dayjs(w.weekStart).month()]}`,
    Sent: w.sent,
    Returned: w.returned,
  }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Card withBorder radius="md" p="lg" mih={CHART_CARD_MIN_HEIGHT}>
        <Title order={2} size="h4" mb="sm">
          {t(crateChartTitles.places)}
        </Title>
        <Group align="center" justify="center" gap="lg">
          {shown.length ? (
            <DonutChart
              data={shown}
              size={180}
              thickness={28}
              chartLabel={formatCount(metrics.totalCrates)}
              tooltipDataSource="segment"
              role="figure"
              aria-label={t('dashboard.placesLabel')}
            />
          ) : (
            <Text c="dimmed">{t('dashboard.noCrates')}</Text>
          )}
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {places.map((p) => (
              <Group key={p.name} component="li" gap={8} wrap="nowrap">
                <span
                  aria-hidden
                  style={{
                    width: 10,
                    height: 10,
                    borderRadius: 2,
                    background: `var(--mantine-color-${p.color.replace('.', '-')})`,
                  }}
                />
                <Text size="sm">
                  {p.name}: <strong>{formatCount(p.value)}</strong>
                </Text>
              </Group>
            ))}
          </Stack>
        </Group>
      </Card>
      <Card withBorder radius="md" p="lg" mih={CHART_CARD_MIN_HEIGHT}>
        <Title order={2} size="h4" mb="sm">
          {t(crateChartTitles.weekly)}
        </Title>
        <BarChart
          h={240}
          data={weekly}
          dataKey="week"
          series={[
            { name: 'Sent', label: t('dashboard.sent'), color: 'orange.6' },
            { name: 'Returned', label: t('dashboard.returned'), color: 'green.6' },
          ]}
          withLegend
          tickLine="y"
          role="figure"
          aria-label={t('dashboard.weeklyLabel')}
        />
      </Card>
    </SimpleGrid>
  );
}
