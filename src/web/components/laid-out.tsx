// A chart drawn only once its box has a width (decision 070): the chart library's responsive container
// measured 0 × 0 when a chart mounted in a box not laid out yet (the agent's dashboard reloaded offline
// behind the scan screen) and warned in the console. Until then the box keeps the chart's height, so
// nothing below it moves. A box the browser skips laying out (off screen under content-visibility)
// has no width either: the chart waits until it is near.
import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { ReactNode } from 'react';

export function LaidOut({ height, children }: { height: number; children: ReactNode }) {
  const { ref, width } = useElementSize();
  return (
    <Box ref={ref} w="100%" mih={height}>
      {width > 0 ? children : null}
    </Box>
  );
}
