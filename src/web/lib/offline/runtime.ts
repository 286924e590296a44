// The phone's offline side for the signed-in user (decision 036), loaded after the first
// screen has drawn: keeps the user's data in IndexedDB, runs the queue of waiting changes (one tab at a
// time, through the Web Locks API), sends each of the agent's actions at once when it can and queues it
// when it can't, and registers the service worker that lets the app open with no network.
import type { QueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/idempotency.ts';
import { ApiError, noteAnswer } from '../api-client.ts';
import { t } from '../i18n/language.ts';
import { notifySuccess } from '../notify.ts';
import { invalidateTags } from '../query-tags.ts';
import { indexedDbChangeStore } from './change-store.ts';
import type { ChangeLabel, ChangeRequest, QueuedChange, SendOutcome } from './changes.ts';
import { outcomeOf } from './outcome.ts';
import { forgetUserData, keepUserData, restoreLastSignedIn, restoreUserData } from './persist.ts';
import { ChangeQueue, type DrainStop } from './queue.ts';
import { queueStatus, setQueueStatus } from './status.ts';

/** An attempt with no answer after this long is given up (and the change kept, maybe sent). */
export const SEND_TIMEOUT_MS = 20_000;
/** Waits after the server could not be reached, one after another (the last repeats). */
export const RETRY_DELAYS_MS = [2000, 5000, 10_000, 30_000, 60_000];
/** How often waiting changes are tried even without an event (another tab closed, a lost event). */
const SAFETY_NET_MS = 30_000;
const CHANNEL_NAME = 'cratekeeper-queue';

export type Sent<T> = { queued: false; answer: T } | { queued: true; change: QueuedChange };

/** A key made on the phone: a random UUID (crypto.randomUUID needs https; the fallback does not). */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type Attempt = { outcome: SendOutcome; status: number; statusText: string; bodyText: string };

/** One attempt at a request with `key`; no answer within SEND_TIMEOUT_MS counts as none. */
async function attempt(request: ChangeRequest, key: string): Promise<Attempt> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
  try {
    const res = await fetch(request.path, {
      method: request.method,
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: key },
      body: JSON.stringify(request.body),
      signal: controller.signal,
    });
    noteAnswer(res);
    const bodyText = await res.text();
    return {
      outcome: outcomeOf(res.status, bodyText, res.headers.get('retry-after')),
      status: res.status,
      statusText: res.statusText,
      bodyText,
    };
  } catch {
    return { outcome: { kind: 'unreachable', reachedServer: false }, status: 0, statusText: '', bodyText: '' };
  } finally {
    clearTimeout(timer);
  }
}

// What a sent change changed, the screens refresh from its answer (noteAnswer, decision 072).
function showSent(queryClient: QueryClient, change: QueuedChange) {
  // Earnings refetch 100 ms after an acknowledgement (spec §4), once billing has booked it.
  if (change.kind === 'acknowledge') setTimeout(() => void invalidateTags(queryClient, ['billing']), 100);
}

/** Holds the user's queue across tabs (Web Locks); without them, within this tab only (decision 036). */
function lockFor(userId: number) {
  const name = `cratekeeper-queue:${userId}`;
  let chain: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    if (navigator.locks) return navigator.locks.request(name, fn) as Promise<T>;
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Runtime = {
  userId: number;
  queue: ChangeQueue;
  /** Runs the queue now (or again when the run under way ends). */
  run: () => Promise<void>;
  /** Runs the queue after `ms`. */
  runLater: (ms: number) => void;
  stop: () => void;
};

let current: Runtime | null = null;
const waiters: ((runtime: Runtime) => void)[] = [];

/** The started runtime (a change made before it started waits for it). */
function started(): Promise<Runtime> {
  return current ? Promise.resolve(current) : new Promise((resolve) => waiters.push(resolve));
}

export type StartOptions = {
  queryClient: QueryClient;
  userId: number;
  /** Keep this user's last-seen data on the phone (the market agents, whose phones go offline). */
  keepData: boolean;
  /** The server answered 401: check who is signed in. */
  onSignedOut: () => void;
};

/**
 * The queue's runs, one at a time: a run asked for while one is under way runs once more after it; an
 * unreachable server is tried again after RETRY_DELAYS_MS, one after another.
 */
function drainer(
  queue: ChangeQueue,
  { onSignedOut, isStopped }: { onSignedOut: () => void; isStopped: () => boolean },
) {
  let running = false;
  let again = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const runLater = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(), ms);
  };
  const settle = (stop: DrainStop, hadChanges: boolean) => {
    setQueueStatus({ stoppedBy: stop === 'empty' ? null : stop });
    if (stop === 'unreachable') runLater(RETRY_DELAYS_MS[Math.min(failures++, RETRY_DELAYS_MS.length - 1)]);
    else if (stop !== 'offline') failures = 0;
    if (stop === 'signed-out') onSignedOut();
    if (stop === 'empty' && hadChanges) notifySuccess(t('offline.allSent'), t('offline.backOnline'));
  };
  const run = async () => {
    if (isStopped()) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const hadChanges = queueStatus().changes.length > 0;
        const stop = await queue.drain();
        if (isStopped()) return;
        settle(stop, hadChanges);
      } while (again && !isStopped());
    } finally {
      running = false;
    }
  };
  return {
    run,
    runLater,
    /** Back online: the retries start again from the shortest wait. */
    online: () => {
      failures = 0;
      void run();
    },
    cancel: () => clearTimeout(timer),
  };
}

/**
 * What starts a run besides a change: the phone coming back online, the page shown again, another
 * tab's change (BroadcastChannel), and a safety net every SAFETY_NET_MS. Going offline brings back the
 * user's kept data. Returns the function that stops listening.
 */
function listenForRuns(
  { queryClient, userId }: Pick<StartOptions, 'queryClient' | 'userId'>,
  runs: ReturnType<typeof drainer>,
  channel: BroadcastChannel | null,
  refresh: () => Promise<void>,
): () => void {
  const onOffline = () => void restoreUserData(queryClient, userId);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void runs.run();
  };
  window.addEventListener('online', runs.online);
  window.addEventListener('offline', onOffline);
  document.addEventListener('visibilitychange', onVisible);
  if (channel) {
    channel.onmessage = (event: MessageEvent<{ userId?: number }>) => {
      if (event.data?.userId === userId) void refresh();
    };
  }
  const safetyNet = setInterval(() => {
    if (queueStatus().changes.length > 0 && queueStatus().stoppedBy !== 'refused') void runs.run();
  }, SAFETY_NET_MS);
  return () => {
    clearInterval(safetyNet);
    window.removeEventListener('online', runs.online);
    window.removeEventListener('offline', onOffline);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** Starts the signed-in user's runtime: its queue, the runs and what starts them, the service worker. */
export function startOffline({ queryClient, userId, keepData, onSignedOut }: StartOptions): () => void {
  current?.stop();
  const stopKeeping = keepData ? keepUserData(queryClient, userId) : () => undefined;
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
  let stopped = false;

  const refresh = async () => {
    const changes = await queue.list();
    if (stopped) return;
    setQueueStatus({ changes, ...(changes.length === 0 ? { stoppedBy: null } : {}) });
  };
  const queue = new ChangeQueue(userId, {
    store: indexedDbChangeStore,
    withLock: lockFor(userId),
    send: async (change) => (await attempt(change, change.key)).outcome,
    isOnline: () => navigator.onLine,
    newKey,
    now: Date.now,
    sleep,
    onChanged: () => {
      void refresh();
      channel?.postMessage({ userId });
    },
    onSending: (id) => setQueueStatus({ sendingId: id }),
    onSent: (change) => showSent(queryClient, change),
  });
  const runs = drainer(queue, { onSignedOut, isStopped: () => stopped });
  const stopListening = listenForRuns({ queryClient, userId }, runs, channel, refresh);

  const stop = () => {
    if (stopped) return;
    stopped = true;
    runs.cancel();
    stopListening();
    channel?.close();
    stopKeeping();
    setQueueStatus({ changes: [], sendingId: null, stoppedBy: null });
    if (current === runtime) current = null;
    document.documentElement.dataset.offlineQueue = 'off';
  };
  const runtime: Runtime = { userId, queue, run: runs.run, runLater: runs.runLater, stop };
  current = runtime;
  // For end-to-end tests and support: is this page's queue of waiting changes running?
  document.documentElement.dataset.offlineQueue = 'on';
  for (const resolve of waiters.splice(0)) resolve(runtime);

  if (!navigator.onLine) void restoreUserData(queryClient, userId);
  void refresh().then(runs.run);
  // The worker's first install downloads the whole app shell: not while the page itself still loads.
  if (document.readyState === 'complete') registerServiceWorker();
  else window.addEventListener('load', registerServiceWorker, { once: true });
  return stop;
}

export { restoreLastSignedIn };

/** Signed out (or the session ended): the user's kept data goes; waiting changes stay theirs. */
export function forgetSignedOut(userId: number) {
  return forgetUserData(userId);
}

/**
 * Sends one of the agent's actions now with a key made for it, or queues it: when the browser is
 * offline, when earlier changes are still waiting (the order is kept), or when the attempt gets no
 * answer (queued with the same key, so a later attempt books it at most once). A refusal throws an
 * ApiError, as any call does, for the form to show.
 */
export async function sendOrQueue<T>(
  label: ChangeLabel,
  request: ChangeRequest,
  options: { clientFrom?: string; after?: string } = {},
): Promise<Sent<T>> {
  const runtime = await started();
  const { queue } = runtime;
  if (!navigator.onLine || options.clientFrom || (await queue.list()).length > 0) {
    const change = await queue.enqueue(label, request, { clientFrom: options.clientFrom, after: options.after });
    void runtime.run();
    return { queued: true, change };
  }
  const key = newKey();
  const sent = await attempt(request, key);
  const { outcome } = sent;
  if (outcome.kind === 'sent') return { queued: false, answer: outcome.answer as T };
  // An answer that is not a booking (a refusal, a server failure, a 401) is the form's to show, as
  // before; only no answer at all (a dropped connection, the timeout) keeps the change on the phone.
  if (sent.status !== 0) throw new ApiError(sent.status, sent.bodyText, sent.statusText);
  const change = await queue.enqueue(label, request, { key, attempted: true });
  runtime.runLater(RETRY_DELAYS_MS[0]);
  return { queued: true, change };
}

/** The list's actions on one waiting change. */
export async function cancelChange(id: string) {
  const runtime = await started();
  const outcome = await runtime.queue.cancel(id);
  // The change the queue stopped at may be gone: the ones behind it go now.
  if (outcome.kind === 'cancelled') void runtime.run();
  return outcome;
}

export async function editChange(
  id: string,
  body: Record<string, unknown>,
  label: { crates?: number | null; who?: string },
) {
  const runtime = await started();
  const outcome = await runtime.queue.edit(id, body, label);
  if (outcome.kind === 'edited') void runtime.run();
  return outcome;
}

export async function retryChange(id: string) {
  const runtime = await started();
  const outcome = await runtime.queue.retry(id);
  if (outcome.kind === 'edited') void runtime.run();
  return outcome;
}

/** Sign-out after the agent chose to discard the waiting changes: every one of them goes. */
export async function discardAllChanges() {
  await (await started()).queue.discardAll();
}

function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
