// The session and account calls (spec §7 Authentication, §4 Session).
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LoginBody, RegisterInput, SessionAnswer, User } from '../../../shared/auth.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import { api, forgetAnswers } from '../../lib/api-client.ts';
import { keepDeviceLanguage, switchLanguage } from '../../lib/i18n/language.ts';
import { tagged } from '../../lib/query-tags.ts';
import { isSignedOutError, isUnreachableError, retryBackOff, retryWhileUnreachable } from '../../lib/server-reach.ts';
import { SESSION_PATH, takeFirstSessionCheck } from './first-session-check.ts';
import { setSessionEndReason } from './session-end.ts';

export { SESSION_PATH };

/**
 * Signed in, the screens speak the user's language (decision 065: a new phone signs in in the agent's
 * language), and this device remembers it for its next start.
 */
function followUserLanguage(user: User | null) {
  if (!user) return;
  keepDeviceLanguage(user.language);
  void switchLanguage(user.language);
}

/**
 * The signed-in user, or null when nobody is (the server says so, or answers 401). Any other failure
 * throws: a dropped connection or a 5xx keeps the user the cache already has.
 */
async function getSessionUser(): Promise<User | null> {
  try {
    // The first check was sent as the app started (first-session-check.ts); later ones ask anew.
    const { user, reason } = await (takeFirstSessionCheck() ?? api.get<SessionAnswer>(SESSION_PATH));
    // Nobody, and why, when the session ended without a sign-out (decision 040).
    setSessionEndReason(user ? null : reason);
    followUserLanguage(user);
    return user;
  } catch (error) {
    if (isSignedOutError(error)) return null;
    throw error;
  }
}

// Cached 5 minutes; no refetch on focus and no polling (spec §7). While the server can't be reached
// the check is tried again and again, further apart each time, even when the browser thinks it is
// offline ('always'), so the banner goes as soon as the server answers.
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: [SESSION_PATH],
    queryFn: getSessionUser,
    meta: tagged('users'),
    staleTime: 5 * 60 * 1000,
    refetchOnWindowFocus: false,
    refetchInterval: false,
    retry: retryWhileUnreachable,
    retryDelay: retryBackOff,
    networkMode: 'always',
  });

export function useSession() {
  const query = useQuery(sessionQueryOptions());
  return { user: query.data ?? null, isLoading: query.isPending };
}

/** True while the session check is failing because the server can't be reached (it is retrying). */
export function useServerUnreachable() {
  const { failureReason } = useQuery(sessionQueryOptions());
  return isUnreachableError(failureReason);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api.post<{ user: User }>('/api/auth/login', body),
    onSuccess: ({ user }) => {
      setSessionEndReason(null);
      followUserLanguage(user);
      queryClient.setQueryData(sessionQueryOptions().queryKey, user);
    },
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

/**
 * While signed in, any call answered 401 or not answered at all sends the session check again: a 401
 * there signs the user out, an unreachable server shows the banner until it answers.
 */
export function useSessionWatch() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const recheckAfter = (error: unknown) => {
      if (isSignedOutError(error) || isUnreachableError(error)) void recheckSession(queryClient).catch(() => undefined);
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (event.query.queryKey[0] !== SESSION_PATH) recheckAfter(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheckAfter(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/auth/logout'),
    // Signed out even if the call failed: every cached query goes with the session.
    onSettled: () => {
      setSessionEndReason(null);
      forgetAnswers();
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

/**
 * The signed-in user's language (decision 065): kept on the user, so the next phone they sign in on
 * starts in it. The session's user takes it at once; the caller switches the screens.
 */
export function useChangeLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) => api.put<{ user: User }>('/api/auth/me/language', { language }),
    onSuccess: (_answer, language) => {
      queryClient.setQueryData<User | null>(sessionQueryOptions().queryKey, (user) =>
        user ? { ...user, language } : user,
      );
    },
  });
}
