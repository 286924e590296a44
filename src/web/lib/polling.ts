// Polling that steps back while live updates flow (DESIGN §6): while the event stream is connected a
// query polls only as a safety net; while it is down it polls at the spec's interval exactly.
import { useSyncExternalStore } from 'react';

/** How often a query polls while the live-update stream is connected. */
export const LIVE_SAFETY_NET_MS = 30_000;

let live = false;
const listeners = new Set<() => void>();

/** Called by the live-update connection when it opens (true) or drops (false). */
export function setLiveUpdates(connected: boolean) {
  if (live === connected) return;
  live = connected;
  for (const listener of listeners) listener();
}

export const liveUpdatesConnected = () => live;

/** True while the live-update stream is connected (for the "updates are not live" indicator). */
export const useLiveUpdates = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    liveUpdatesConnected,
    liveUpdatesConnected,
  );

/** A `refetchInterval`: the spec's `ms` while updates are not live, the safety net while they are. */
export const pollEvery = (ms: number) => () => (live ? Math.max(ms, LIVE_SAFETY_NET_MS) : ms);
