// The farm's insights, loaded after the dashboard's first figures (decision 031, 070): the section is
// mounted only once those are in, its code is its own chunk with the chart library, and its reads start
// when it mounts, so the tab's first paint asks and runs nothing of it. The agent's own likewise.
import { Card, Skeleton, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useT } from '../../../lib/i18n/use-t.ts';
import { lazyComponent } from '../../../lib/lazy-component.tsx';

const InsightsCards = lazyComponent(() => import('./insights-cards.tsx').then((m) => m.default));
const MyInsights = lazyComponent(() => import('./my-insights.tsx').then((m) => m.default));

export function LazyInsights() {
  return (
    <Suspense fallback={<InsightsPlaceholder />}>
      <InsightsCards />
    </Suspense>
  );
}

function InsightsPlaceholder() {
  const t = useT();
  return (
    <Card withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="sm">
        {t('insights.holdingsTitle')}
      </Title>
      <Skeleton h={300} />
    </Card>
  );
}

/** The agent's own figures at the foot of its dashboard: their code, and their reads, start when it mounts. */
export function LazyMyInsights() {
  return (
    <Suspense fallback={<Skeleton h={400} />}>
      <MyInsights />
    </Suspense>
  );
}
