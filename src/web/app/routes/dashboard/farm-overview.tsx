// The farm store dashboard tab: farm metrics (every 2 s), send crates, recent transmissions (every
// 5 s), the suppliers' cards and the crate charts, loaded when they scroll near, and the insights
// (decision 070), loaded after the first figures. The tab shows once
// the first answers of its cards are in, and then all at once (decision 031). The tiles reconcile: the first row is where the crates in
// circulation are, the second the crate account that the settings tab's stock history itemises.
import { Alert, Grid, SimpleGrid, Stack } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import type { FarmMetrics } from '../../../../shared/agents.ts';
import { BelowTheFold } from '../../../components/below-the-fold.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { SectionLoader } from '../../../components/status-screens.tsx';
import { farmMetricsQueryOptions, useFarmMetrics } from '../../../features/dashboard/api/get-farm-metrics.ts';
import { crateAccount } from '../../../features/dashboard/components/crate-account.ts';
import { LazyCrateCharts } from '../../../features/dashboard/components/lazy-crate-charts.tsx';
import { LazyInsights } from '../../../features/insights/components/lazy-insights.tsx';
import { crateRequestsQueryOptions, useCrateRequests } from '../../../features/suppliers/api/get-crate-requests.ts';
import { marketOffersQueryOptions, useMarketOffers } from '../../../features/suppliers/api/get-market-offers.ts';
import { pendingSuppliersQueryOptions, usePendingSuppliers } from '../../../features/suppliers/api/get-suppliers.ts';
import { tendersQueryOptions, useTenders } from '../../../features/suppliers/api/get-tenders.ts';
import { CrateRequestsCard } from '../../../features/suppliers/components/crate-requests-card.tsx';
import { FarmTendersCard } from '../../../features/suppliers/components/farm-tenders-card.tsx';
import { PendingSuppliersCard } from '../../../features/suppliers/components/pending-suppliers-card.tsx';
import {
  dashboardRecentQueryOptions,
  useDashboardRecent,
} from '../../../features/transmissions/api/get-recent-transmissions.ts';
import { RecentTransmissionsCard } from '../../../features/transmissions/components/recent-transmissions-card.tsx';
import { SendCratesForm } from '../../../features/transmissions/components/send-crates-form.tsx';
import {
  agentsForTransmissionQueryOptions,
  useAgentsForTransmission,
} from '../../../lib/api/get-agents-for-transmission.ts';
import { useFirstAnswers } from '../../../lib/first-answers.ts';
import { formatCount } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';

// Made once: these read their own data, so the metrics' answer (every 2 s when it changes) re-renders
// the tiles, the form's stock and the charts, not every card on the tab.
const recentTransmissions = (
  <BelowTheFold estimate={560}>
    <RecentTransmissionsCard role="farm_store" fullHeight />
  </BelowTheFold>
);
const suppliers = (
  <BelowTheFold estimate={720}>
    {/* Suppliers: approval, crate requests, offers and tenders. */}
    <Stack gap="lg">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <PendingSuppliersCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <CrateRequestsCard />
        </Grid.Col>
      </Grid>
      <FarmTendersCard />
    </Stack>
  </BelowTheFold>
);

/** The tab's reads, asked as soon as the dashboard's code is in (dashboards.ts), before it renders. */
export function prefetchFarmOverview(queryClient: QueryClient) {
  // One call each: the answers have different types.
  void queryClient.prefetchQuery(farmMetricsQueryOptions());
  void queryClient.prefetchQuery(agentsForTransmissionQueryOptions());
  void queryClient.prefetchQuery(dashboardRecentQueryOptions());
  void queryClient.prefetchQuery(pendingSuppliersQueryOptions());
  void queryClient.prefetchQuery(crateRequestsQueryOptions('pending'));
  void queryClient.prefetchQuery(marketOffersQueryOptions());
  void queryClient.prefetchQuery(tendersQueryOptions());
}

export function FarmOverview() {
  const ready = useFirstAnswers(
    useFarmMetrics(),
    useAgentsForTransmission(),
    useDashboardRecent('farm_store'),
    usePendingSuppliers(),
    useCrateRequests('pending'),
    useMarketOffers(),
    useTenders(),
  );
  return ready ? <FarmOverviewContent /> : <SectionLoader />;
}

function FarmOverviewContent() {
  const t = useT();
  const metrics = useFarmMetrics();
  const m = metrics.data;

  return (
    <Stack gap="lg">
      <section aria-label={t('app.farmMetrics')}>
        {m ? (
          <FarmTiles metrics={m} />
        ) : metrics.isError ? (
          <Alert color="red">{t('app.metricsFailed')}</Alert>
        ) : (
          // The tiles themselves, figures under skeletons: the form below keeps its place when they load.
          <FarmTiles metrics={NO_METRICS} loading />
        )}
      </section>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <SendCratesForm stock={m?.farm} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>{recentTransmissions}</Grid.Col>
      </Grid>
      {suppliers}
      {m && <LazyCrateCharts metrics={m} />}
      {m && (
        <BelowTheFold estimate={900}>
          <LazyInsights />
        </BelowTheFold>
      )}
    </Stack>
  );
}

const NO_METRICS: FarmMetrics = {
  farm: 0,
  inTransit: 0,
  atMarketsFull: 0,
  atMarketsEmpty: 0,
  withClients: 0,
  withSuppliers: 0,
  writtenOff: 0,
  totalCrates: 0,
  atMarkets: 0,
  damagedWrittenOff: 0,
  damagedOnReturn: 0,
  weekly: [],
};

function FarmTiles({ metrics: m, loading = false }: { metrics: FarmMetrics; loading?: boolean }) {
  const t = useT();
  const account = crateAccount(m);
  const tiles = [
    { label: t('app.atFarm'), value: m.farm, hint: t('app.atFarmHint') },
    { label: t('app.inTransit'), value: m.inTransit, hint: t('app.inTransitHint') },
    {
      label: t('app.atMarkets'),
      value: m.atMarkets,
      hint: t('app.atMarketsHint', {
        full: formatCount(m.atMarketsFull),
        empty: formatCount(m.atMarketsEmpty),
        clients: formatCount(m.withClients),
      }),
    },
    { label: t('app.withSuppliers'), value: m.withSuppliers, hint: t('app.withSuppliersHint') },
    { label: t('app.broughtIn'), value: account.broughtIn, hint: t('app.broughtInHint') },
    {
      label: t('app.writtenOff'),
      value: account.damaged,
      hint: t('app.writtenOffHint', { count: formatCount(account.damagedOnReturn) }),
    },
    {
      label: t('app.shortOnCounts'),
      value: account.shortOnCounts,
      hint: account.shortOnCounts < 0 ? t('app.shortMoreFound') : t('app.shortCounted'),
    },
    { label: t('app.totalCrates'), value: account.inCirculation, hint: t('app.totalCratesHint') },
  ].map((tile) => ({ ...tile, value: formatCount(tile.value) }));
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {tiles.map((tile) => (
        <StatCard key={tile.label} loading={loading} {...tile} />
      ))}
    </SimpleGrid>
  );
}
