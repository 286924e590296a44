// The routes of spec §2: one table when signed out, another when signed in, 'Loading...' between.
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useRef } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { DASHBOARD_PATHS, opensFirstTab } from '../boot.ts';
import { LoadingScreen } from '../components/status-screens.tsx';
import { useSession } from '../features/auth/api.ts';
import { ServerUnreachableBanner } from '../features/auth/components/server-unreachable-banner.tsx';
import { useSessionEndReason } from '../features/auth/session-end.ts';
import { CurrentUserProvider } from '../lib/current-user.tsx';
import { lazyComponent } from '../lib/lazy-component.tsx';
import { clearNotifications } from '../lib/notify.ts';
import { useOpenOffline } from './open-offline.ts';
import { paths } from './paths.ts';
import { preloadDashboard } from './routes/dashboard/dashboards.ts';
import { LandingPage } from './routes/landing/landing-page.tsx';

// The signed-in area loads on its own, so the public pages stay small.
const SignedInApp = lazyComponent(() => import('./signed-in-app.tsx').then((m) => m.default));
// So do the sign-in and registration forms (they bring zod and @mantine/form); see decision 008.
const AuthPage = lazy(() => import('../features/auth/pages/auth-page.tsx').then((m) => ({ default: m.AuthPage })));
const FirstPasswordScreen = lazy(() =>
  import('../features/auth/components/first-password-screen.tsx').then((m) => ({ default: m.FirstPasswordScreen })),
);
const SupplierRegistrationPage = lazy(() =>
  import('../features/suppliers/pages/supplier-registration-page.tsx').then((m) => ({
    default: m.SupplierRegistrationPage,
  })),
);

/**
 * Starts downloading the signed-in app and, on a dashboard path, the role's dashboard, together
 * (decision 031): called as soon as the session says who is signed in. Given the query client, the
 * dashboard's first tab also asks for its data as soon as its code is in. Idempotent.
 */
export function preloadSignedInScreens(
  role: string,
  { pathname, search }: { pathname: string; search: string },
  queryClient?: QueryClient,
) {
  SignedInApp.preload().catch(() => undefined);
  if (!DASHBOARD_PATHS.has(pathname)) return;
  preloadDashboard(role, opensFirstTab({ pathname, search }) ? queryClient : undefined);
}

/** What a signed-out visitor may have come for (spec §2); any other path was a signed-in screen. */
const PUBLIC_PATHS = new Set<string>([
  paths.home.path,
  paths.homeAlias.path,
  paths.login.path,
  paths.register.path,
  paths.supplierRegistration.path,
]);

/**
 * A session that ended without a sign-out (reset, removal, password changed elsewhere, expiry) lands on
 * the sign-in page, which says why (decision 040): when it ends while the app is open, or when a
 * signed-in screen is opened with its cookie. A deliberate sign-out has no reason and goes where it goes.
 */
function useSignInAfterSessionEnded(userId: number | null, isLoading: boolean) {
  const reason = useSessionEndReason();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const hadUser = useRef(false);
  useEffect(() => {
    if (isLoading) return;
    if (userId !== null) {
      hadUser.current = true;
      return;
    }
    const wasSignedIn = hadUser.current;
    hadUser.current = false;
    if (reason && pathname !== paths.login.path && (wasSignedIn || !PUBLIC_PATHS.has(pathname))) {
      navigate(paths.login.href(), { replace: true });
    }
  }, [userId, isLoading, reason, pathname, navigate]);
}

// Long: the session gate, then the route table (public, first password, signed-in); each branch is one screen.
export function AppRoutes() {
  const { user, isLoading } = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  // No network: the phone opens on the data it kept (decision 036).
  useOpenOffline(isLoading);
  // An error toast from the sign-in or registration form ('Access Denied') is about the signed-out
  // screen: once someone signs in or out it no longer applies.
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId !== null) clearNotifications();
  }, [userId]);
  useSignInAfterSessionEnded(userId, isLoading);
  // The first answer is shown in a deferred render: the signed-in app (layout, navigation, dashboard)
  // then mounts in slices of a few milliseconds instead of one long task on a phone, and while its
  // code is still downloading, 'Loading...' stays (decision 031). Later changes (sign-in, sign-out)
  // are not deferred.
  const stillLoading = useDeferredValue(isLoading);
  if (isLoading || stillLoading) {
    // A first session check that can't reach the server waits here, saying so, rather than showing
    // the signed-out pages to someone who is signed in.
    return (
      <>
        <ServerUnreachableBanner />
        <LoadingScreen />
      </>
    );
  }
  if (user?.mustChangePassword) {
    // A printed first password opens nothing but the change (decision 050).
    return (
      <Suspense fallback={<LoadingScreen />}>
        <FirstPasswordScreen />
      </Suspense>
    );
  }
  if (user) {
    // The dashboard's own chunk downloads alongside the signed-in app's, not after it (decision 031).
    preloadSignedInScreens(user.role, location, queryClient);
    return (
      <CurrentUserProvider user={user}>
        <Suspense fallback={<LoadingScreen />}>
          <SignedInApp />
        </Suspense>
      </CurrentUserProvider>
    );
  }
  return (
    <Suspense fallback={<LoadingScreen />}>
      <ServerUnreachableBanner />
      <Routes>
        <Route path={paths.home.path} element={<LandingPage />} />
        <Route path={paths.homeAlias.path} element={<LandingPage />} />
        <Route path={paths.login.path} element={<AuthPage />} />
        <Route path={paths.register.path} element={<AuthPage />} />
        <Route path={paths.supplierRegistration.path} element={<SupplierRegistrationPage />} />
        <Route path="*" element={<LandingPage />} />
      </Routes>
    </Suspense>
  );
}
