// The farm store's crate charts, loaded only when their place scrolls near (decision 031): the chart
// library is over 100 KB of gzip JavaScript and its first render was the dashboard's longest task, so
// a phone opening the dashboard neither downloads nor runs it before someone scrolls down to the
// charts. Until then, and while the code downloads, cards with the same titles and height hold the
// place, so nothing moves when the charts come in.
import { Box, Card, SimpleGrid, Title } from '@mantine/core';
import { type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import type { FarmMetrics } from '../../../../shared/agents.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { lazyComponent } from '../../../lib/lazy-component.tsx';
import { CHART_CARD_MIN_HEIGHT, crateChartTitles } from './crate-chart-layout.ts';

const CrateCharts = lazyComponent(() => import('./crate-charts.tsx').then((m) => m.default));

/** How far below the screen the charts start loading, so they are usually in by the time they show. */
const LOAD_AHEAD = '600px';

export function LazyCrateCharts({ metrics }: { metrics: FarmMetrics }) {
  const place = useRef<HTMLDivElement>(null);
  const near = useOnceNearViewport(place);
  const placeholder = <CrateChartsPlaceholder placeRef={place} />;
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <CrateCharts metrics={metrics} />
    </Suspense>
  );
}

/** True from the first time `ref`'s element comes within LOAD_AHEAD of the viewport. */
function useOnceNearViewport(ref: RefObject<HTMLElement | null>) {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: `${LOAD_AHEAD} 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}

function CrateChartsPlaceholder({ placeRef }: { placeRef: RefObject<HTMLDivElement | null> }) {
  const t = useT();
  return (
    <SimpleGrid ref={placeRef} cols={{ base: 1, lg: 2 }} spacing="lg">
      {[crateChartTitles.places, crateChartTitles.weekly].map((title) => (
        <Card key={title} withBorder radius="md" p="lg" mih={CHART_CARD_MIN_HEIGHT}>
          <Title order={2} size="h4" mb="sm">
            {t(title)}
          </Title>
          {/* A plain box, not a skeleton: nothing is loading until the charts scroll near. */}
          <Box h={240} bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }} />
        </Card>
      ))}
    </SimpleGrid>
  );
}
