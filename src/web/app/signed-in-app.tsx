// Routes when signed in (spec §2): every role's dashboard, the feature screens, and the 404 card.
import './all-english.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundCard } from '../components/status-screens.tsx';
import { recheckSession, useSessionWatch } from '../features/auth/api.ts';
import { SupplierApprovalGate } from '../features/suppliers/components/supplier-approval-gate.tsx';
import { useUser } from '../lib/current-user.tsx';
import { lazyComponent } from '../lib/lazy-component.tsx';
import { useLiveUpdatesConnection } from '../lib/live-updates.ts';
import { useOfflineSupport } from '../lib/offline/use-offline.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { paths } from './paths.ts';
import { DashboardPage } from './routes/dashboard/dashboard-page.tsx';

// Every screen but the dashboard loads when it is opened (decision 031): the dashboard a phone opens
// first does not wait for, nor run, the code of the others. The layout's Suspense shows 'Loading...'.
const TransmissionsPage = lazyComponent(() =>
  import('./routes/transmissions-with-evidence.tsx').then((m) => m.TransmissionsWithEvidence),
);
const ClientsPage = lazyComponent(() => import('./routes/stock-take-screens.tsx').then((m) => m.ClientsWithStockTake));
const ClientStatementPage = lazyComponent(() =>
  import('../features/clients/pages/client-statement-page.tsx').then((m) => m.ClientStatementPage),
);
const MarketAgentsPage = lazyComponent(() =>
  import('./routes/stock-take-screens.tsx').then((m) => m.MarketAgentsWithStockTakes),
);
const BillingPage = lazyComponent(() =>
  import('../features/billing/pages/billing-page.tsx').then((m) => m.BillingPage),
);
const ReportsPage = lazyComponent(() => import('./routes/reports-page.tsx').then((m) => m.ReportsPage));
const UserManagementPage = lazyComponent(() =>
  import('./routes/user-management-page.tsx').then((m) => m.UserManagementPage),
);

const StatementsPage = lazyComponent(() =>
  import('../features/balance-statements/pages/statements-page.tsx').then((m) => m.StatementsPage),
);
const ImportPage = lazyComponent(() => import('../features/imports/pages/import-page.tsx').then((m) => m.ImportPage));

export default function SignedInApp() {
  // One live-update stream for the signed-in app; when the server ends it (signed out elsewhere,
  // removed), the session check decides what to show.
  const queryClient = useQueryClient();
  const onSignedOut = useCallback(async () => !!(await recheckSession(queryClient)), [queryClient]);
  useLiveUpdatesConnection(onSignedOut);
  // The queue of changes made offline, the service worker and, on a market agent's phone, the
  // last-seen data, after the first paint (decision 036).
  const user = useUser();
  useOfflineSupport(user.id, user.role === 'market_agent', onSignedOut);
  // Only a 401 signs out; a call that can't reach the server shows the banner while the check retries.
  useSessionWatch();
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path={paths.home.path} element={<DashboardPage />} />
        <Route path={paths.dashboard.path} element={<DashboardPage />} />
        <Route path={paths.login.path} element={<DashboardPage />} />
        <Route path={paths.register.path} element={<DashboardPage />} />
        {/* i18n-ignore (a comment): an unapproved supplier sees only 'Account Pending Approval' (spec §2): the dashboard shows it,
            and so does the one other screen a supplier may use. */}
        <Route element={<SupplierApprovalGate />}>
          <Route path={paths.transmissions.path} element={<TransmissionsPage />} />
        </Route>
        <Route path={paths.clients.path} element={<ClientsPage />} />
        <Route path={paths.clientStatement.path} element={<ClientStatementPage />} />
        <Route path={paths.marketAgents.path} element={<MarketAgentsPage />} />
        <Route path={paths.billing.path} element={<BillingPage />} />
        <Route path={paths.reports.path} element={<ReportsPage />} />
        <Route path={paths.userManagement.path} element={<UserManagementPage />} />
        <Route path={paths.imports.path} element={<ImportPage />} />
        <Route path={paths.statements.path} element={<StatementsPage />} />
        <Route path="*" element={<NotFoundCard />} />
      </Route>
    </Routes>
  );
}
