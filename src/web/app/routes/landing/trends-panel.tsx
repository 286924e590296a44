// The trends tab: the charts load on their own (recharts is large), so the landing page stays light.
import { Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useT } from '../../../lib/i18n/use-t.ts';

const PriceTrends = lazy(() => import('../../../features/pricing/components/price-trends.tsx'));

export function TrendsPanel() {
  const t = useT();
  return (
    <Stack gap="md">
      <div>
        <Title order={2} mb={4}>
          {t('landing.priceTrends')}
        </Title>
        <Text c="gray.7" maw={720}>
          {t('landing.trendsText')}
        </Text>
      </div>
      <Suspense fallback={<Loader size="sm" role="status" aria-label={t('landing.loadingCharts')} />}>
        <PriceTrends />
      </Suspense>
    </Stack>
  );
}
