// Routes when signed in (spec §2): every role's dashboard, the feature screens, and the 404 card.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundCard } from '../components/status-screens.tsx';
import { MarketAgentsPage } from '../features/agents/pages/market-agents-page.tsx';
import { recheckSession } from '../features/auth/api.ts';
import { BillingPage } from '../features/billing/pages/billing-page.tsx';
import { ClientStatementPage } from '../features/clients/pages/client-statement-page.tsx';
import { ClientsPage } from '../features/clients/pages/clients-page.tsx';
import { SupplierApprovalGate } from '../features/suppliers/components/supplier-approval-gate.tsx';
import { TransmissionsPage } from '../features/transmissions/pages/transmissions-page.tsx';
import { useLiveUpdatesConnection } from '../lib/live-updates.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { paths } from './paths.ts';
import { DashboardPage } from './routes/dashboard/dashboard-page.tsx';
import { ReportsPage } from './routes/reports-page.tsx';
import { UserManagementPage } from './routes/user-management-page.tsx';

export default function SignedInApp() {
  // One live-update stream for the signed-in app; when the server ends it (signed out elsewhere,
  // removed), the session check decides what to show.
  const queryClient = useQueryClient();
  const onSignedOut = useCallback(async () => !!(await recheckSession(queryClient)), [queryClient]);
  useLiveUpdatesConnection(onSignedOut);
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path={paths.home.path} element={<DashboardPage />} />
        <Route path={paths.dashboard.path} element={<DashboardPage />} />
        <Route path={paths.login.path} element={<DashboardPage />} />
        <Route path={paths.register.path} element={<DashboardPage />} />
        {/* An unapproved supplier sees only 'Account Pending Approval' (spec §2): the dashboard shows it,
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
        <Route path="*" element={<NotFoundCard />} />
      </Route>
    </Routes>
  );
}
