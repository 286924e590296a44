// The farm store dashboard tab: farm metrics (every 2 s), send crates, recent transmissions (every
// 5 s) and the crate charts, loaded lazily. The tiles reconcile: the first row is where the crates in
// circulation are, the second the crate account that the settings tab's stock history itemises.
import { Alert, Grid, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { FarmMetrics } from '../../../../shared/agents.ts';
import { StatCard } from '../../../components/stat-card.tsx';
import { useFarmMetrics } from '../../../features/dashboard/api/get-farm-metrics.ts';
import { crateAccount } from '../../../features/dashboard/components/crate-account.ts';
import { CrateRequestsCard } from '../../../features/suppliers/components/crate-requests-card.tsx';
import { FarmTendersCard } from '../../../features/suppliers/components/farm-tenders-card.tsx';
import { PendingSuppliersCard } from '../../../features/suppliers/components/pending-suppliers-card.tsx';
import { RecentTransmissionsCard } from '../../../features/transmissions/components/recent-transmissions-card.tsx';
import { SendCratesForm } from '../../../features/transmissions/components/send-crates-form.tsx';
import { formatCount } from '../../../lib/format.ts';

const CrateCharts = lazy(() => import('../../../features/dashboard/components/crate-charts.tsx'));

export function FarmOverview() {
  const metrics = useFarmMetrics();
  const m = metrics.data;

  return (
    <Stack gap="lg">
      <section aria-label="Farm metrics">
        {m ? (
          <FarmTiles metrics={m} />
        ) : metrics.isError ? (
          <Alert color="red">We could not load the farm metrics. Retrying…</Alert>
        ) : (
          <Skeleton height={84} radius="md" />
        )}
      </section>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <SendCratesForm stock={m?.farm} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <RecentTransmissionsCard role="farm_store" fullHeight />
        </Grid.Col>
      </Grid>
      {/* Suppliers (issue 14): approval, crate requests, offers and tenders. */}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <PendingSuppliersCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <CrateRequestsCard />
        </Grid.Col>
      </Grid>
      <FarmTendersCard />
      {m && (
        <Suspense fallback={<Skeleton height={300} radius="md" />}>
          <CrateCharts metrics={m} />
        </Suspense>
      )}
    </Stack>
  );
}

function FarmTiles({ metrics: m }: { metrics: FarmMetrics }) {
  const account = crateAccount(m);
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <StatCard label="At the farm" value={formatCount(m.farm)} hint="in the farm store" />
      <StatCard label="In transit" value={formatCount(m.inTransit)} hint="sent, not yet counted" />
      <StatCard
        label="At markets"
        value={formatCount(m.atMarkets)}
        hint={`${formatCount(m.atMarketsFull)} full · ${formatCount(m.atMarketsEmpty)} empty · ${formatCount(m.withClients)} with clients`}
      />
      <StatCard label="With suppliers" value={formatCount(m.withSuppliers)} hint="issued on request" />
      <StatCard label="Brought in" value={formatCount(account.broughtIn)} hint="stock added and opening balances" />
      <StatCard label="Written off" value={formatCount(account.damaged)} hint="damaged, in the stock history" />
      <StatCard
        label="Short on counts"
        value={formatCount(account.shortOnCounts)}
        hint={account.shortOnCounts < 0 ? 'more found than missing, net' : 'counted differences, net'}
      />
      <StatCard
        label="Total crates"
        value={formatCount(account.inCirculation)}
        hint="in circulation: brought in − written off − short"
      />
    </SimpleGrid>
  );
}
