// Supplier dashboard (spec §2): an unapproved supplier sees only 'Account Pending Approval';
// an approved one gets the overview, offers, tenders, settings and crates tabs. Only the first tab's
// code comes with the dashboard; each other tab loads when it is first opened (decision 031).
import { Alert, Center, Loader } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { DashboardTabs } from '../../../components/dashboard-tabs.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { mySupplierQueryOptions, useMySupplier } from '../../../features/suppliers/api/get-my-supplier.ts';
import { PendingApproval } from '../../../features/suppliers/components/pending-approval.tsx';
import { SupplierOverview } from '../../../features/suppliers/components/supplier-overview.tsx';
import { useUser } from '../../../lib/current-user.tsx';
import { useT } from '../../../lib/i18n/use-t.ts';
import { lazyComponent } from '../../../lib/lazy-component.tsx';

const OffersPanel = lazyComponent(() =>
  import('../../../features/suppliers/components/offers-panel.tsx').then((m) => m.OffersPanel),
);
const TendersPanel = lazyComponent(() =>
  import('../../../features/suppliers/components/tenders-panel.tsx').then((m) => m.TendersPanel),
);
const SupplierSettingsPanel = lazyComponent(() =>
  import('./supplier-settings-panel.tsx').then((m) => m.SupplierSettingsPanel),
);
const CrateManagement = lazyComponent(() =>
  import('../../../features/suppliers/components/crate-management.tsx').then((m) => m.CrateManagement),
);

/** The supplier's profile, which decides between the tabs and 'Account Pending Approval'. */
export function prefetchFirstTab(queryClient: QueryClient) {
  void queryClient.prefetchQuery(mySupplierQueryOptions());
}

export function SupplierDashboard() {
  const t = useT();
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
    return <Alert color="red">{t('app.supplierLoadFailed')}</Alert>;
  }
  if (!supplier.data.isApproved) return <PendingApproval supplier={supplier.data} />;
  return (
    <>
      <PageHeader title={t('app.supplierDashboard')} description={t('app.welcomeBack', { name: user.name })} />
      <DashboardTabs
        tabs={[
          { value: 'overview', label: t('app.tabDashboard'), panel: <SupplierOverview supplier={supplier.data} /> },
          { value: 'offers', label: t('app.tabMyOffers'), panel: <OffersPanel /> },
          { value: 'tenders', label: t('app.tabOpenTenders'), panel: <TendersPanel /> },
          {
            value: 'settings',
            label: t('app.tabSettings'),
            panel: <SupplierSettingsPanel supplier={supplier.data} />,
          },
          { value: 'crates', label: t('app.tabCrateManagement'), panel: <CrateManagement supplier={supplier.data} /> },
        ]}
      />
    </>
  );
}
