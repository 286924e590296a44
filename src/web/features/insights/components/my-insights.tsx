// The agent's own insights (decision 070), at the foot of its dashboard in their own chunk: how long its
// crates stay away, crates still out, crates overdue at its clients and its loss rate, each beside the
// farm's median agent (never another agent's name), the mark when it is losing crates, next week's
// crates with the forecast's error, and its weekly loss rate against the median as a chart or table.
import { Alert, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AgentInsight, AgentInsightsResponse, Forecast } from '../../../../shared/insights.ts';
import { NothingSaved } from '../../../components/nothing-saved.tsx';
import { formatCount, formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useReadShows } from '../../../lib/offline/read-shows.ts';
import { useAgentInsights, useForecast } from '../api/get-insights.ts';
import { lossRateOf } from './agent-figures.ts';
import { LossTrendCard } from './loss-trend.tsx';
import { percentText } from './loss-trend-figures.ts';

type T = ReturnType<typeof useT>;

/** A median of two agents' crates can fall between whole numbers: one decimal (written like the percents). */
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

export default function MyInsights() {
  const t = useT();
  const insights = useAgentInsights();
  // Offline, what the phone kept or that it kept nothing: never a red alarm (decision 067).
  const shows = useReadShows(insights);
  const data = insights.data;
  const own = data?.agents[0];
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" p="lg" component="section" aria-labelledby="my-insights-title">
        <Title order={2} size="h4" id="my-insights-title">
          {t('my-insights.title')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('my-insights.intro')}
        </Text>
        {shows === 'nothing-saved' ? (
          <NothingSaved />
        ) : shows === 'failed' ? (
          <Alert color="red">{t('my-insights.failed')}</Alert>
        ) : !data ? (
          <Skeleton h={240} />
        ) : !own ? (
          <Text c="dimmed">{t('my-insights.noFigures')}</Text>
        ) : (
          <MyFigures t={t} own={own} data={data} />
        )}
        <MyForecast t={t} />
      </Card>
      <LossTrendCard
        id="my-loss-trend-title"
        title={t('my-insights.trendTitle')}
        intro={t('my-insights.trendIntro')}
        own={t('my-insights.you')}
        other={t('my-insights.farmMedian')}
        weeks={data?.agentMedian.weeks.map((m, i) => ({
          weekStart: m.weekStart,
          own: own?.weeks[i]?.lossRate ?? null,
          other: m.lossRate,
        }))}
        failed={shows === 'failed' ? t('my-insights.failed') : null}
        nothingSaved={shows === 'nothing-saved'}
        csvFileName={t('my-insights.csvFileName')}
      />
    </Stack>
  );
}

/** One figure: what it is, the agent's value, and the median agent's beside it. */
function Figure({ name, label, value, median }: { name: string; label: string; value: string; median: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" data-figure={name}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-value>
        {value}
      </Text>
      <Text size="sm" c="dimmed" data-median>
        {median}
      </Text>
    </Paper>
  );
}

function MyFigures({ t, own, data }: { t: T; own: AgentInsight; data: AgentInsightsResponse }) {
  const none = t('my-insights.none');
  // Whole days: a median of two agents' medians can fall on a half day.
  const days = (d: number | null) => (d === null ? none : t('my-insights.days', { days: Math.round(d) }));
  const median = (value: string) => t('my-insights.medianIs', { value });
  const m = data.agentMedian;
  const { turnaround } = own;
  return (
    <Stack gap="sm">
      {own.lossFlagged && (
        <Alert color="orange" variant="light" data-testid="my-loss-flag">
          {/* Not the Alert's title: its orange text is below WCAG contrast on the tint. */}
          <Text fw={700}>{t('my-insights.flaggedTitle')}</Text>
          <Text size="sm">{t('my-insights.flagged')}</Text>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Figure
          name="turnaround"
          label={t('my-insights.turnaround')}
          value={days(turnaround.medianDays)}
          median={median(days(m.turnaroundDays))}
        />
        <Figure
          name="stillOut"
          label={t('my-insights.stillOut')}
          value={formatCount(turnaround.stillOut)}
          median={
            turnaround.stillOutOldestDays === null
              ? none
              : t('my-insights.oldest', { days: turnaround.stillOutOldestDays })
          }
        />
        <Figure
          name="overdue"
          label={t('my-insights.overdue', { days: data.overdueAfterDays })}
          value={formatCount(own.overdueAtClients)}
          median={median(m.overdueAtClients === null ? none : String(oneDecimal(m.overdueAtClients)))}
        />
        <Figure
          name="lossRate"
          label={t('my-insights.lossRate')}
          value={percentText(lossRateOf(own.weeks), none)}
          median={median(percentText(m.lossRate, none))}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** One forecast: the crates and the error, or why there is none. */
function forecastText(t: T, f: Forecast) {
  if (f.status === 'too-little-history') {
    return t('my-insights.tooLittleHistory', { weeks: f.weeksOfHistory, needed: f.weeksNeeded });
  }
  const crates = formatCount(f.nextWeek);
  if (f.wape === null) return t('my-insights.forecastNoError', { crates });
  return t('my-insights.forecastValue', { crates, wape: `${Math.round(f.wape * 100)} %` });
}

function MyForecast({ t }: { t: T }) {
  const forecast = useForecast();
  const shows = useReadShows(forecast);
  const f = forecast.data;
  const own = f?.agents[0];
  return (
    <Stack gap={4} mt="md" data-testid="my-forecast">
      <Title order={3} size="h5">
        {t('my-insights.forecastTitle')}
      </Title>
      {shows === 'nothing-saved' ? (
        <NothingSaved />
      ) : shows === 'failed' ? (
        <Alert color="red">{t('my-insights.forecastFailed')}</Alert>
      ) : !f ? (
        <Skeleton h={60} />
      ) : !own ? (
        <Text c="dimmed">{t('my-insights.noFigures')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('my-insights.forecastIntro', { week: formatDate(f.weekStart) })}
          </Text>
          <Group gap="xs" align="baseline" data-forecast="sent">
            <Text fw={600}>{t('my-insights.forecastSent')}</Text>
            <Text>{forecastText(t, own.sent)}</Text>
          </Group>
          <Group gap="xs" align="baseline" data-forecast="returned">
            <Text fw={600}>{t('my-insights.forecastReturned')}</Text>
            <Text>{forecastText(t, own.returned)}</Text>
          </Group>
        </>
      )}
    </Stack>
  );
}
