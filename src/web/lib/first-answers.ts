// A dashboard tab shows once the reads that shape it have their first answers (decision 031). Shown
// earlier, each answer would arrive in a task of its own: a card appearing above others pushes them
// down (a layout shift), and each re-render blocks a phone's main thread. Waiting for all of them
// (they go out together, so the wait is the slowest one) and then mounting the tab in a deferred
// render, which React splits into slices of a few milliseconds, avoids both. After that, polls only
// update what changed, in place.
import { useDeferredValue } from 'react';

/**
 * True once none of `reads` is still waiting for its first answer (data or error). A read paused
 * because the phone is offline has none coming: the tab shows what it has (decision 067).
 */
export function useFirstAnswers(...reads: { isPending: boolean; isPaused?: boolean }[]): boolean {
  // Only these flags are read here, so the caller renders again only when they change.
  const waiting = reads.some((read) => read.isPending && !read.isPaused);
  return !useDeferredValue(waiting);
}
