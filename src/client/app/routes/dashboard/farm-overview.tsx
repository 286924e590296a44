// The farm store dashboard tab: farm metrics (every 2 s), send crates, recent transmissions (every
// 5 s) and the crate charts, loaded lazily.
import { Alert, Grid, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { StatCard } from '../../../components/stat-card.tsx';
import { useFarmMetrics } from '../../../features/dashboard/api/get-farm-metrics.ts';
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
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
            <StatCard label="Total crates" value={formatCount(m.totalCrates)} hint="in circulation" />
            <StatCard label="At the farm" value={formatCount(m.farm)} />
            <StatCard label="In transit" value={formatCount(m.inTransit)} />
            <StatCard
              label="At markets"
              value={formatCount(m.atMarkets)}
              hint={`${formatCount(m.atMarketsFull)} full`}
            />
            <StatCard label="With clients" value={formatCount(m.withClients)} />
            <StatCard label="Written off" value={formatCount(m.writtenOff)} />
          </SimpleGrid>
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
      {m && (
        <Suspense fallback={<Skeleton height={300} radius="md" />}>
          <CrateCharts metrics={m} />
        </Suspense>
      )}
    </Stack>
  );
}
