// The trends tab: the charts load on their own (recharts is large), so the landing page stays light.
import { Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';

const PriceTrends = lazy(() => import('../../../features/pricing/components/price-trends.tsx'));

export function TrendsPanel() {
  return (
    <Stack gap="md">
      <div>
        <Title order={2} mb={4}>
          Price trends
        </Title>
        <Text c="gray.7" maw={720}>
          How the price per crate of each variety has moved. Choose a range, or download the history as a printable
          report.
        </Text>
      </div>
      <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the charts" />}>
        <PriceTrends />
      </Suspense>
    </Stack>
  );
}
