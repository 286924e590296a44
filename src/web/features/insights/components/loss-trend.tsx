// A loss-rate trend over the last 12 weeks (decision 070): one agent's crates written off per crate
// received against the whole farm's (the farm store's view) or the median agent's (the agent's own),
// as a chart or a table, with its CSV. The chart's code loads only when the chart is shown.
import { Box, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { lazyComponent } from '../../../lib/lazy-component.tsx';
import { ChartCard } from './chart-card.tsx';
import { saveText } from './holdings-figures.ts';
import { percentText, type TrendWeek, trendCsv } from './loss-trend-figures.ts';

const LossTrendChart = lazyComponent(() => import('./loss-trend-chart.tsx').then((m) => m.LossTrendChart));

type LossTrendProps = {
  id: string;
  title: string;
  intro: string;
  choice?: ReactNode;
  /** The two lines' names: the agent's and what it is compared with. */
  own: string;
  other: string;
  weeks: readonly TrendWeek[] | undefined;
  failed: string | null;
  /** Offline, and this phone kept no figures for it. */
  nothingSaved?: boolean;
  csvFileName: string;
};

export function LossTrendCard(props: LossTrendProps) {
  const { id, title, intro, choice, own, other, weeks, failed, nothingSaved, csvFileName } = props;
  const t = useT();
  const weekOf = t('components.chartWeekOf');
  const download = () => saveText(trendCsv(weeks ?? [], [weekOf, `${own} (%)`, `${other} (%)`]), csvFileName);
  return (
    <ChartCard
      id={id}
      title={title}
      intro={intro}
      choice={choice}
      download={weeks && weeks.length > 0 ? download : null}
      failed={failed}
      nothingSaved={nothingSaved}
      loading={!weeks}
      height={260}
      chart={<LossTrendChart weeks={weeks ?? []} own={own} other={other} />}
      table={<LossTrendTable weeks={weeks ?? []} own={own} other={other} />}
    />
  );
}

function LossTrendTable({ weeks, own, other }: { weeks: readonly TrendWeek[]; own: string; other: string }) {
  const t = useT();
  const none = t('components.chartNone');
  return (
    <Box tabIndex={0} role="region" aria-label={t('components.lossTrendTableRegion')} style={{ overflowX: 'auto' }}>
      <Table striped withTableBorder data-testid="loss-trend-table">
        <Table.Caption>{t('components.lossTrendTableCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('components.chartWeekOf')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {own}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {other}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {weeks.map((w) => (
            <Table.Tr key={w.weekStart} data-week={w.weekStart}>
              <Table.Th scope="row">{formatDate(w.weekStart)}</Table.Th>
              <Table.Td ta="right" data-line="own">
                {percentText(w.own, none)}
              </Table.Td>
              <Table.Td ta="right" data-line="other">
                {percentText(w.other, none)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
