// The live-update connection (DESIGN §6): one EventSource on GET /api/events for the signed-in app.
// Each change names domain tags; the queries tagged with them refetch at once. While it is connected
// polling relaxes to a safety net (polling.ts); while it is down the spec's intervals apply.
// Each change refreshes the screens once (decision 072): a write made in this browser from its answer
// (noteAnswer in api-client.ts), everyone else's from the stream; whichever brings a change first
// applies it and the other skips it.
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { changeTags, isChangeTag } from '../../shared/change-tags.ts';
import { type AnsweredChanges, noteSeenChange, onAnsweredChanges } from './api-client.ts';
import { setLiveUpdates } from './polling.ts';
import { invalidateTags } from './query-tags.ts';

export const EVENTS_PATH = '/api/events';

/** Waits before opening a new connection after the browser gave up on one (server gone, 503). */
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000];

/** The changes already applied, by id: the newest few hundred are enough to meet an answer's twin. */
const applied = new Set<number>();
const APPLIED_KEPT = 500;

/** True the first time a change is seen, from an answer or the stream; false for its twin. */
export function firstSight(id: number): boolean {
  if (applied.has(id)) return false;
  applied.add(id);
  if (applied.size > APPLIED_KEPT) applied.delete(applied.values().next().value as number);
  return true;
}

/** Refreshes what a write's own answer says it changed, once per change. */
function refreshFromAnswer(queryClient: QueryClient, { ids, tags }: AnsweredChanges) {
  const fresh = ids.filter(firstSight);
  const known = tags.filter(isChangeTag);
  if (fresh.length > 0 && known.length > 0) void invalidateTags(queryClient, known);
}

type Options = {
  /** The server ended the stream because the session ended: check who is signed in (true: someone still is). */
  onSignedOut: () => Promise<boolean>;
};

function markLive(connected: boolean) {
  setLiveUpdates(connected);
  // For end-to-end tests and support: is this page receiving live updates?
  document.documentElement.dataset.liveUpdates = connected ? 'on' : 'off';
}

/** Opens the stream and keeps it open until the returned function is called. */
// Long: one connection's state (source, last event id, attempts, timer) is shared by its handlers, so they stay in one closure.
export function connectLiveUpdates(queryClient: QueryClient, { onSignedOut }: Options): () => void {
  let source: EventSource | null = null;
  let lastEventId: string | null = null;
  let attempts = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const stop = () => {
    stopped = true;
    clearTimeout(retryTimer);
    source?.close();
    source = null;
    markLive(false);
  };

  const open = () => {
    if (stopped) return;
    // The browser resends Last-Event-ID when it reconnects by itself; a new EventSource can't, so
    // it names the last event in the URL.
    const url = lastEventId ? `${EVENTS_PATH}?lastEventId=${encodeURIComponent(lastEventId)}` : EVENTS_PATH;
    const es = new EventSource(url, { withCredentials: true });
    source = es;
    const remember = (event: MessageEvent) => {
      if (!event.lastEventId) return;
      lastEventId = event.lastEventId;
      noteSeenChange(Number(event.lastEventId));
    };

    es.onopen = () => {
      attempts = 0;
      markLive(true);
    };
    es.addEventListener('ready', remember);
    es.addEventListener('change', (event: MessageEvent) => {
      remember(event);
      // This browser's own write: its answer has refreshed the screens already.
      if (event.lastEventId && !firstSight(Number(event.lastEventId))) return;
      try {
        const { tags } = JSON.parse(event.data) as { tags?: unknown[] };
        const known = (tags ?? []).filter(isChangeTag);
        if (known.length > 0) void invalidateTags(queryClient, known);
      } catch {
        // Not ours to read: the safety-net polling still keeps the screens true.
      }
    });
    es.addEventListener('refetch-all', (event: MessageEvent) => {
      remember(event);
      // Every query carries a tag (query-tags.test.ts), so all tags is everything.
      void invalidateTags(queryClient, changeTags);
    });
    es.addEventListener('signed-out', () => {
      es.close();
      source = null;
      markLive(false);
      // The session ended, or was replaced (a password change issues a new one): ask who is signed
      // in, and listen again if someone still is; otherwise the signed-in app unmounts and stops this.
      void onSignedOut().then((stillSignedIn) => {
        if (stillSignedIn && !stopped) open();
      });
    });
    es.onerror = () => {
      markLive(false);
      // CONNECTING: the browser retries by itself. CLOSED: it gave up (an error status); retry later.
      if (es.readyState === EventSource.CLOSED && source === es) {
        es.close();
        const delay = RECONNECT_DELAYS_MS[Math.min(attempts, RECONNECT_DELAYS_MS.length - 1)];
        attempts++;
        retryTimer = setTimeout(open, delay);
      }
    };
  };

  markLive(false);
  // In a task of its own rather than in the one that mounts the signed-in app: on a slow phone that
  // task is long enough already (decision 033).
  retryTimer = setTimeout(open, 0);
  return stop;
}

/** Keeps the live-update connection open while the signed-in app is mounted. */
export function useLiveUpdatesConnection(onSignedOut: () => Promise<boolean>) {
  const queryClient = useQueryClient();
  useEffect(() => connectLiveUpdates(queryClient, { onSignedOut }), [queryClient, onSignedOut]);
  useEffect(() => onAnsweredChanges((changes) => refreshFromAnswer(queryClient, changes)), [queryClient]);
}
