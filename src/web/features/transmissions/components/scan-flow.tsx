// Scanning into a count (decision 073): the scan screen (its code, the reader and its WASM loaded when
// first wanted), fed with the deliveries the agent may count now and those already counted (booked,
// or waiting on the phone), then the count dialog prefilled with the scanned stacks' crates.
import { Suspense } from 'react';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { lazyComponent } from '../../../lib/lazy-component.tsx';
import { useRecentTransmissions } from '../api/get-recent-transmissions.ts';

const Screen = lazyComponent(() => import('./scan-screen.tsx').then((m) => m.ScanScreen));

/** Starts loading the scan screen (idempotent): on the Scan buttons' hover, touch or focus. */
const preloadScanScreen = () => {
  Screen.preload().catch(() => undefined);
};
export const scanIntent = {
  onPointerEnter: preloadScanScreen,
  onPointerDown: preloadScanScreen,
  onFocus: preloadScanScreen,
};

/** How many recent transmissions tell the screen which deliveries are already counted. */
const RECENT_FOR_SCAN = 50;

export function ScanFlow({
  start,
  incoming,
  waiting,
  onFinish,
  onClose,
}: {
  start: Transmission | null;
  /** The pending deliveries addressed to the agent. */
  incoming: Transmission[];
  /** Deliveries whose count waits on the phone (decision 036). */
  waiting: ReadonlySet<number | undefined>;
  onFinish: (delivery: Transmission, stacks: number[]) => void;
  onClose: () => void;
}) {
  const recent = useRecentTransmissions(RECENT_FOR_SCAN, 'market_agent');
  const counted = new Set<number>((recent.data ?? []).filter((t) => t.status === 'acknowledged').map((t) => t.id));
  for (const id of waiting) if (id !== undefined) counted.add(id);
  const countable = incoming.filter((t) => t.canAcknowledge && !counted.has(t.id));
  return (
    <Suspense fallback={null}>
      <Screen start={start} countable={countable} counted={counted} onFinish={onFinish} onClose={onClose} />
    </Suspense>
  );
}
