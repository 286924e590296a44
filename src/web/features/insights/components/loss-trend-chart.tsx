// The loss-rate trend's chart (decision 070), in its own chunk with the chart library: two lines of
// crates written off per 100 received, week by week, one of them the agent's.
import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { LaidOut } from '../../../components/laid-out.tsx';
import { useT } from '../../../lib/i18n/use-t.ts';
import { weekLabel } from './holdings-figures.ts';
import { asPercent, type TrendWeek } from './loss-trend-figures.ts';

export function LossTrendChart({ weeks, own, other }: { weeks: readonly TrendWeek[]; own: string; other: string }) {
  const t = useT();
  const data = weeks.map((w) => ({
    week: weekLabel(t, w.weekStart),
    own: asPercent(w.own),
    other: asPercent(w.other),
  }));
  return (
    <LaidOut height={260}>
      <LineChart
        h={260}
        data={data}
        dataKey="week"
        series={[
          { name: 'own', label: own, color: 'red.7' },
          { name: 'other', label: other, color: 'gray.6' },
        ]}
        withLegend
        legendProps={{ verticalAlign: 'bottom', wrapperStyle: { paddingTop: 8 } }}
        connectNulls={false}
        curveType="linear"
        valueFormatter={(value) => `${value.toFixed(1)} %`}
        role="figure"
        aria-label={t('components.lossTrendChartLabel', { own, other })}
        data-testid="loss-trend-chart"
      />
    </LaidOut>
  );
}
