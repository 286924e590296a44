// The farm's insights (decision 070), in their own chunk with the chart library: where the
// crates were at the end of each of the last 12 weeks (a stacked chart, or the same figures as a
// table, and their CSV) and next week's crates per agent with the forecast's error and the stock line.
import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Alert, Box, Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { AgentForecast, Forecast, ForecastResponse, HoldingsWeek } from '../../../../shared/insights.ts';
import { formatCount, formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useForecast, useHoldings } from '../api/get-insights.ts';
import { ChartCard } from './chart-card.tsx';
import { holdingSeries, holdingsCsv, saveText, weekLabel } from './holdings-figures.ts';
import { stockRunsLow } from './stock-lasts.ts';

type T = ReturnType<typeof useT>;

export default function InsightsCards() {
  return (
    <Stack gap="lg">
      <HoldingsCard />
      <ForecastCard />
    </Stack>
  );
}

function HoldingsCard() {
  const t = useT();
  const holdings = useHoldings();
  const weeks = holdings.data?.weeks ?? [];
  const download = () =>
    saveText(
      holdingsCsv(weeks, {
        week: t('insights.week'),
        kinds: holdingSeries.map((s) => t(s.label)),
        total: t('insights.total'),
      }),
      t('insights.csvFileName'),
    );
  return (
    <ChartCard
      id="holdings-title"
      title={t('insights.holdingsTitle')}
      intro={t('insights.holdingsIntro')}
      download={weeks.length === 0 ? null : download}
      failed={holdings.isError ? t('insights.holdingsFailed') : null}
      loading={!holdings.data}
      height={300}
      chart={<HoldingsChart weeks={weeks} t={t} />}
      table={<HoldingsTable weeks={weeks} t={t} />}
    />
  );
}

function HoldingsChart({ weeks, t }: { weeks: HoldingsWeek[]; t: T }) {
  const data = weeks.map((w) => ({ ...w, week: weekLabel(t, w.weekStart) }));
  return (
    <AreaChart
      h={300}
      data={data}
      dataKey="week"
      type="stacked"
      series={holdingSeries.map((s) => ({ name: s.kind, label: t(s.label), color: s.color }))}
      withLegend
      legendProps={{ verticalAlign: 'bottom', wrapperStyle: { paddingTop: 8 } }}
      tickLine="y"
      valueFormatter={(value) => formatCount(value)}
      role="figure"
      aria-label={t('insights.holdingsChartLabel')}
      data-testid="holdings-chart"
    />
  );
}

function HoldingsTable({ weeks, t }: { weeks: HoldingsWeek[]; t: T }) {
  return (
    // Wider than a phone: a region that scrolls sideways, reachable by keyboard (axe: scrollable-region-focusable).
    <Box tabIndex={0} role="region" aria-label={t('insights.holdingsTableRegion')} style={{ overflowX: 'auto' }}>
      <Table striped withTableBorder miw={720} data-testid="holdings-table">
        <Table.Caption>{t('insights.holdingsTableCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('insights.week')}</Table.Th>
            {holdingSeries.map((s) => (
              <Table.Th key={s.kind} scope="col" ta="right">
                {t(s.label)}
              </Table.Th>
            ))}
            <Table.Th scope="col" ta="right">
              {t('insights.total')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {weeks.map((w) => (
            <Table.Tr key={w.weekStart} data-week={w.weekStart}>
              <Table.Th scope="row">{formatDate(w.weekStart)}</Table.Th>
              {holdingSeries.map((s) => (
                <Table.Td key={s.kind} ta="right" data-kind={s.kind}>
                  {formatCount(w[s.kind])}
                </Table.Td>
              ))}
              <Table.Td ta="right" data-kind="total">
                {formatCount(w.total)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

/** One forecast cell: the crates and the error, or why there is no forecast. */
function forecastText(t: T, f: Forecast) {
  if (f.status === 'too-little-history') {
    return t('insights.tooLittleHistory', { weeks: f.weeksOfHistory, needed: f.weeksNeeded });
  }
  const crates = formatCount(f.nextWeek);
  if (f.wape === null) return t('insights.forecastNoError', { crates });
  return t('insights.forecastValue', { crates, wape: `${Math.round(f.wape * 100)} %` });
}

function stockLine(t: T, farm: NonNullable<ForecastResponse['farm']>) {
  if (farm.netOutPerDay === null) return t('insights.stockNoForecast');
  if (farm.stockLastsDays === null) return t('insights.stockNotRunningDown');
  if (!stockRunsLow(farm.stockLastsDays)) return t('insights.stockLastsLong', { days: farm.stockLastsDays });
  return t('insights.stockLasts', { days: farm.stockLastsDays });
}

function ForecastCard() {
  const t = useT();
  const forecast = useForecast();
  const f = forecast.data;
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="forecast-title">
      <Title order={2} size="h4" id="forecast-title" mb={4}>
        {t('insights.forecastTitle')}
      </Title>
      {forecast.isError ? (
        <Alert color="red">{t('insights.forecastFailed')}</Alert>
      ) : !f ? (
        <Skeleton h={160} />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('insights.forecastIntro', { week: formatDate(f.weekStart) })}
          </Text>
          {f.farm && (
            <Alert color={stockRunsLow(f.farm.stockLastsDays) ? 'orange' : 'gray'} data-testid="stock-lasts">
              {stockLine(t, f.farm)}
            </Alert>
          )}
          <ForecastTable agents={f.agents} t={t} />
          <Text size="xs" c="dimmed">
            {t('insights.forecastMethod', { method: f.method })}
          </Text>
        </Stack>
      )}
    </Card>
  );
}

function ForecastTable({ agents, t }: { agents: AgentForecast[]; t: T }) {
  if (agents.length === 0) return <Text c="dimmed">{t('insights.noAgents')}</Text>;
  return (
    <Table withTableBorder data-testid="forecast-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('insights.forecastAgent')}</Table.Th>
          <Table.Th scope="col">{t('insights.forecastSent')}</Table.Th>
          <Table.Th scope="col">{t('insights.forecastReturned')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {agents.map((a) => (
          <Table.Tr key={a.marketAgentId}>
            <Table.Th scope="row">
              {a.agentName}
              {a.businessName && (
                <Text size="xs" c="dimmed" component="span" display="block">
                  {a.businessName}
                </Text>
              )}
            </Table.Th>
            <Table.Td>{forecastText(t, a.sent)}</Table.Td>
            <Table.Td>{forecastText(t, a.returned)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
