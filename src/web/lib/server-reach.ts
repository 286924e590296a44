// What a failed call says about the session: only a 401 means "signed out"; a dropped
// connection or a 5xx from the server or a proxy means "not reachable just now", so the session is kept
// and the check is retried with back-off until the server answers again.
import { ApiError } from './api-client.ts';

/** The server answered that nobody is signed in with this browser's cookie. */
export function isSignedOutError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The server could not be reached: no answer at all (fetch throws a TypeError), or a 5xx. */
export function isUnreachableError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500;
  return error instanceof TypeError;
}

/** The first retry waits this long; each one after waits twice as long as the one before. */
export const FIRST_RETRY_MS = 1000;
/** The longest wait between two tries, so the banner goes soon after the server is back. */
export const LONGEST_RETRY_MS = 15_000;

/** TanStack Query's `retry`: keep trying while the server can't be reached, never after another answer. */
export const retryWhileUnreachable = (_failureCount: number, error: unknown) => isUnreachableError(error);

/** TanStack Query's `retryDelay`: 1 s, 2 s, 4 s, 8 s, then every 15 s. */
export const retryBackOff = (failureCount: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failureCount), LONGEST_RETRY_MS);
