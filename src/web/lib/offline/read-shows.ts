// What a screen's read shows (decision 067): its answer whenever it has one (kept on the phone or
// fresh), never a red alarm over it; with no answer and no network, that nothing was saved on this
// phone (not an empty list, not a skeleton for ever); otherwise the loading state or the failure.

import { useOnline } from './status.ts';

export type ReadShows = 'answer' | 'nothing-saved' | 'failed' | 'loading';

/** `read`: a TanStack query's result (its data, whether its last read failed). */
export function readShows(read: { data?: unknown; isError: boolean }, online: boolean): ReadShows {
  if (read.data !== undefined) return 'answer';
  if (!online) return 'nothing-saved';
  return read.isError ? 'failed' : 'loading';
}

export const useReadShows = (read: { data?: unknown; isError: boolean }) => readShows(read, useOnline());
