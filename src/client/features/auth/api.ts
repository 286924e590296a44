// The session and account calls (spec §7 Authentication, §4 Session).
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, RegisterInput, User } from '../../../shared/auth.ts';
import { api } from '../../lib/api-client.ts';
import { tagged } from '../../lib/query-tags.ts';

export const SESSION_PATH = '/api/auth/session';

/** The signed-in user, or null: any failure of the check means signed out. */
async function getSessionUser(): Promise<User | null> {
  try {
    const { user } = await api.get<{ user: User | null }>(SESSION_PATH);
    return user;
  } catch (error) {
    if (error instanceof TypeError) console.error('Auth check failed', error);
    return null;
  }
}

// Cached 5 minutes; no refetch on focus and no polling (spec §7).
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: [SESSION_PATH],
    queryFn: getSessionUser,
    meta: tagged('users'),
    staleTime: 5 * 60 * 1000,
    refetchOnWindowFocus: false,
    refetchInterval: false,
  });

export function useSession() {
  const query = useQuery(sessionQueryOptions());
  return { user: query.data ?? null, isLoading: query.isPending };
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api.post<{ user: User }>('/api/auth/login', body),
    onSuccess: ({ user }) => queryClient.setQueryData(sessionQueryOptions().queryKey, user),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterInput) => api.post<{ user: User }>('/api/auth/register', body),
  });
}

/**
 * A password change in flight. It ends this browser's session and answers with a new one, and the
 * live-update stream may say 'signed-out' before that answer has set the new cookie: asking who is
 * signed in then would see nobody, flash the landing page and drop the success toast.
 */
let sessionHandover: Promise<unknown> | null = null;

/** Asks the server again who is signed in (e.g. after the live-update stream said the session ended). */
export async function recheckSession(queryClient: QueryClient) {
  if (sessionHandover) await sessionHandover;
  return queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/auth/logout'),
    // Signed out even if the call failed: every cached query goes with the session.
    onSettled: () => {
      queryClient.setQueryData(sessionQueryOptions().queryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_PATH });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => {
      const change = api.post<{ message: string }>('/api/auth/change-password', body);
      const handover = change
        .catch(() => undefined)
        .finally(() => {
          if (sessionHandover === handover) sessionHandover = null;
        });
      sessionHandover = handover;
      return change;
    },
  });
}
