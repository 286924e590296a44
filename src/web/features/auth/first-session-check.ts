// The first session check, sent before the app's code has even downloaded: the page's first script
// (boot.ts, decision 033) asks, and this module, the first main.tsx imports, takes that answer
// (through the api client) so that it is known before React renders. The session query takes it for
// its first fetch; every later check asks again.
import type { SessionAnswer, User } from '../../../shared/auth.ts';
import { preloadSignedIn, SESSION_PATH } from '../../boot.ts';
import { api } from '../../lib/api-client.ts';

export { SESSION_PATH };

let first: Promise<SessionAnswer> | null = typeof window === 'undefined' ? null : api.get<SessionAnswer>(SESSION_PATH);
// Whoever takes it handles a failure; until then it must not count as unhandled.
first?.catch(() => undefined);

// Someone signed in (the page's first script has the answer already, usually): their code downloads
// while the rest of the bundle runs.
if (typeof window !== 'undefined') preloadSignedIn();

/** The first check's answer, to the first caller only; null after that (or outside a browser). */
export function takeFirstSessionCheck(): Promise<SessionAnswer> | null {
  const taken = first;
  first = null;
  return taken;
}

/** Runs `then` with the first check's user (null: nobody signed in), if that check succeeds. */
export function afterFirstSessionCheck(then: (user: User | null) => void) {
  first?.then(
    ({ user }) => then(user),
    () => undefined,
  );
}
