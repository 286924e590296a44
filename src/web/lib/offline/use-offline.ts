// Starts the phone's offline side for the signed-in user once the first screen has drawn (decision
// 036): the queue, the kept data and the service worker load then, not on the first paint. When the
// user signs out (or the session ends) the data kept for them is deleted.
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SESSION_PATH } from '../../boot.ts';

/** Runs `fn` once the browser is idle after the signed-in frame's first paint (at most 2 s later). */
function afterFirstPaint(fn: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(fn, 500);
    return () => clearTimeout(timer);
  }
  const idle = requestIdleCallback(fn, { timeout: 2000 });
  return () => cancelIdleCallback(idle);
}

const signedInId = (queryClient: QueryClient) =>
  queryClient.getQueryData<{ id: number } | null>([SESSION_PATH])?.id ?? null;

/** `keepData`: keep the user's last-seen data on the phone (market agents). */
export function useOfflineSupport(userId: number, keepData: boolean, onSignedOut: () => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    const cancel = afterFirstPaint(() => {
      void import('./runtime.ts').then((runtime) => {
        if (!left) stop = runtime.startOffline({ queryClient, userId, keepData, onSignedOut });
      });
    });
    return () => {
      left = true;
      cancel();
      stop?.();
      // Signed out, or the server said the session ended: what was kept for this user goes.
      if (signedInId(queryClient) !== userId) {
        void import('./runtime.ts').then((runtime) => runtime.forgetSignedOut(userId));
      }
    };
  }, [queryClient, userId, keepData, onSignedOut]);
}
