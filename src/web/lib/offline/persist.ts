// The signed-in user's last-seen data on the phone (decision 036): the TanStack Query cache
// saved to IndexedDB under that user's id (every 10 s at most, and at once when the phone goes offline
// or the page is hidden), restored when the farm's server
// can't be reached (the app opens with no network and shows what it last saw, with its age), and
// deleted at sign-out or when the server says the session ended. Only one user's data is kept: a
// sign-in deletes any other user's.
import type { Query, QueryClient } from '@tanstack/react-query';
import {
  type PersistedClient,
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSave,
} from '@tanstack/react-query-persist-client';
import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import { SESSION_PATH } from '../../boot.ts';

export const CACHE_DATABASE = 'cratekeeper-cache';
/** Bumped when the shape of a kept answer changes, so an old copy is dropped instead of shown. */
export const CACHE_BUSTER = 'cratekeeper-cache-1';
/** As long as a session lasts (SESSION_TTL_HOURS' default): older data is not restored. */
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** The first save after sign-in waits this long; later changes are saved together, this often at most. */
export const FIRST_SAVE_MS = 1000;
export const SAVE_EVERY_MS = 10_000;
const LAST_USER = 'last-signed-in-user';
/** Not kept on the phone: the agent's full bank account number. */
const NOT_KEPT = /\/bank-details/;

let store: UseStore | undefined;
const cacheStore = () => {
  store ??= createStore(CACHE_DATABASE, 'kept');
  return store;
};
const userKey = (userId: number) => `user:${userId}`;

type KeptQuery = PersistedClient['clientState']['queries'][number];

/** A kept answer reads as the answer it is: a later refetch that failed offline does not make it an error. */
const asAnswered = (q: KeptQuery): KeptQuery =>
  q.state.status === 'success'
    ? q
    : { ...q, state: { ...q.state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null } };

/**
 * What to keep (decision 067): this page's answers, and the earlier ones of screens this page has not
 * opened since the app was last loaded (a reload starts with an empty cache; without them every reload
 * forgot every other screen), each while younger than a session.
 */
export function withEarlier(now: PersistedClient, kept: PersistedClient | undefined, at = Date.now()): PersistedClient {
  const queries = now.clientState.queries.map(asAnswered);
  if (kept?.buster === now.buster) {
    const shown = new Set(queries.map((q) => q.queryHash));
    for (const q of kept.clientState.queries) {
      if (!shown.has(q.queryHash) && q.state.dataUpdatedAt > at - CACHE_MAX_AGE_MS) queries.push(q);
    }
  }
  return { ...now, clientState: { ...now.clientState, queries } };
}

function persisterFor(userId: number): Persister {
  return {
    persistClient: async (client) =>
      set(
        userKey(userId),
        withEarlier(client, await get<PersistedClient>(userKey(userId), cacheStore())),
        cacheStore(),
      ),
    restoreClient: () => get<PersistedClient>(userKey(userId), cacheStore()),
    removeClient: () => del(userKey(userId), cacheStore()),
  };
}

/** Answers worth keeping: every read with an answer (also when its last refetch failed), bank details apart. */
export const keepsQuery = (query: Query) => query.state.data !== undefined && !NOT_KEPT.test(String(query.queryKey[0]));

/** Saves in order: a deletion waits for a save under way, so a save never brings data back. */
let writes: Promise<unknown> = Promise.resolve();
const inOrder = (write: () => Promise<unknown>) => {
  writes = writes.then(write, write).catch(() => undefined);
  return writes;
};

const sessionUserId = (queryClient: QueryClient) =>
  queryClient.getQueryData<{ id: number } | null>([SESSION_PATH])?.id ?? null;

/**
 * The server can't be reached: the last signed-in user's data, restored into the cache (the session
 * query among it, so the app opens signed in). Returns that user's id, or null when nothing was kept.
 */
export async function restoreLastSignedIn(queryClient: QueryClient): Promise<number | null> {
  const userId = await get<number>(LAST_USER, cacheStore());
  if (typeof userId !== 'number') return null;
  await restoreUserData(queryClient, userId);
  return userId;
}

/** Restores `userId`'s kept data into the cache; what the cache holds already and is newer stays. */
export async function restoreUserData(queryClient: QueryClient, userId: number) {
  await persistQueryClientRestore({
    queryClient,
    persister: persisterFor(userId),
    buster: CACHE_BUSTER,
    maxAge: CACHE_MAX_AGE_MS,
  }).catch(() => undefined);
}

/** Deletes everything kept for `userId` (sign-out, or the server said the session ended). */
export function forgetUserData(userId: number) {
  return inOrder(async () => {
    await del(userKey(userId), cacheStore());
    if ((await get(LAST_USER, cacheStore())) === userId) await del(LAST_USER, cacheStore());
  });
}

/**
 * Keeps `userId`'s data while that user is the one signed in: saved a second after the cache changes.
 * Data kept for anyone else is deleted first. Returns the function that stops it.
 */
export function keepUserData(queryClient: QueryClient, userId: number): () => void {
  const persister = persisterFor(userId);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  void inOrder(async () => {
    for (const key of await keys(cacheStore())) {
      if (key !== userKey(userId) && key !== LAST_USER) await del(key, cacheStore());
    }
    await set(LAST_USER, userId, cacheStore());
  });
  const save = () => {
    timer = undefined;
    void inOrder(async () => {
      // Signed out (or someone else signed in) since: nothing more of this user's data is written.
      if (stopped || sessionUserId(queryClient) !== userId) return;
      await persistQueryClientSave({
        queryClient,
        persister,
        buster: CACHE_BUSTER,
        dehydrateOptions: { shouldDehydrateQuery: keepsQuery, shouldDehydrateMutation: () => false },
      });
    });
  };
  let saved = false;
  const schedule = () => {
    timer ??= setTimeout(save, saved ? SAVE_EVERY_MS : FIRST_SAVE_MS);
    saved = true;
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'updated' || event.type === 'removed') schedule();
  });
  // What the screen shows already: keeping may start after its reads answered, and without this first
  // save nothing was kept until the next refetch (up to half a minute; going offline before it kept nothing).
  schedule();
  // Going offline, hidden or away: what the screens show now is what the phone keeps.
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    save();
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('offline', flush);
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('offline', flush);
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onHidden);
  };
}
