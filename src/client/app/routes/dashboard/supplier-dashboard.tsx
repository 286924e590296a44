// Supplier dashboard (spec §2): an unapproved supplier sees only 'Account Pending Approval';
// an approved one gets the overview, offers, tenders, settings and crates tabs.
import { Alert, Center, Loader, Stack } from '@mantine/core';
import { DashboardTabs } from '../../../components/dashboard-tabs.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ChangePasswordCard } from '../../../features/auth/components/change-password-form.tsx';
import { useMySupplier } from '../../../features/suppliers/api/get-my-supplier.ts';
import { CrateManagement } from '../../../features/suppliers/components/crate-management.tsx';
import { OffersPanel } from '../../../features/suppliers/components/offers-panel.tsx';
import { PendingApproval } from '../../../features/suppliers/components/pending-approval.tsx';
import { SupplierOverview } from '../../../features/suppliers/components/supplier-overview.tsx';
import { SupplierProfileCard } from '../../../features/suppliers/components/supplier-settings.tsx';
import { TendersPanel } from '../../../features/suppliers/components/tenders-panel.tsx';
import { useUser } from '../../../lib/current-user.tsx';

export function SupplierDashboard() {
  const user = useUser();
  const supplier = useMySupplier();
  if (supplier.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (supplier.isError || !supplier.data) {
    return <Alert color="red">We could not load your supplier profile. Please try again shortly.</Alert>;
  }
  if (!supplier.data.isApproved) return <PendingApproval supplier={supplier.data} />;
  return (
    <>
      <PageHeader title="Supplier Dashboard" description={`Welcome back, ${user.name}`} />
      <DashboardTabs
        tabs={[
          { value: 'overview', label: 'Dashboard', panel: <SupplierOverview supplier={supplier.data} /> },
          { value: 'offers', label: 'My Offers', panel: <OffersPanel /> },
          { value: 'tenders', label: 'Open Tenders', panel: <TendersPanel /> },
          {
            value: 'settings',
            label: 'Settings',
            panel: (
              <Stack gap="lg">
                <SupplierProfileCard supplier={supplier.data} />
                <ChangePasswordCard />
              </Stack>
            ),
          },
          { value: 'crates', label: 'Crate Management', panel: <CrateManagement supplier={supplier.data} /> },
        ]}
      />
    </>
  );
}
