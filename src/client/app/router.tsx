// The routes of spec §2: one table when signed out, another when signed in, 'Loading...' between.
import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { LoadingScreen } from '../components/status-screens.tsx';
import { useSession } from '../features/auth/api.ts';
import { CurrentUserProvider } from '../lib/current-user.tsx';
import { clearNotifications } from '../lib/notify.ts';
import { paths } from './paths.ts';
import { LandingPage } from './routes/landing/landing-page.tsx';

// The signed-in area loads on its own, so the public pages stay small.
const SignedInApp = lazy(() => import('./signed-in-app.tsx'));
// So do the sign-in and registration forms (they bring zod and @mantine/form); see decision 008.
const AuthPage = lazy(() => import('../features/auth/pages/auth-page.tsx').then((m) => ({ default: m.AuthPage })));
const SupplierRegistrationPage = lazy(() =>
  import('../features/suppliers/pages/supplier-registration-page.tsx').then((m) => ({
    default: m.SupplierRegistrationPage,
  })),
);

export function AppRoutes() {
  const { user, isLoading } = useSession();
  // An error toast from the sign-in or registration form ('Access Denied') is about the signed-out
  // screen: once someone signs in or out it no longer applies (issue 9 item 2).
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId !== null) clearNotifications();
  }, [userId]);
  if (isLoading) return <LoadingScreen />;
  if (user) {
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
