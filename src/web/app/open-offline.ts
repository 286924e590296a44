// Opening with no network (decision 036): when the first session check can't reach the
// farm's server, the last signed-in user's kept data (the session among it) is restored, so the phone
// opens on what it last saw instead of 'Loading...' until the network is back. The server has the last
// word once it answers: a 401 signs out, and the kept data goes with the session.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useServerUnreachable } from '../features/auth/api.ts';

export function useOpenOffline(sessionLoading: boolean) {
  const queryClient = useQueryClient();
  const unreachable = useServerUnreachable();
  useEffect(() => {
    if (!sessionLoading || !unreachable) return;
    void import('../lib/offline/runtime.ts').then((offline) => offline.restoreLastSignedIn(queryClient));
  }, [sessionLoading, unreachable, queryClient]);
}
