// Supplier dashboard (spec §2): an unapproved supplier sees only 'Account Pending Approval';
// an approved one gets the overview, offers, tenders, settings and crates tabs.
import { Alert, Card, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { certificationLabels, type SupplierWithCrates as Supplier } from '../../../../shared/suppliers.ts';
import { DashboardTabs } from '../../../components/dashboard-tabs.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ChangePasswordCard } from '../../../features/auth/components/change-password-form.tsx';
import { useMySupplier } from '../../../features/suppliers/api/get-my-supplier.ts';
import { CrateManagement } from '../../../features/suppliers/components/crate-management.tsx';
import { OffersPanel } from '../../../features/suppliers/components/offers-panel.tsx';
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

function PendingApproval({ supplier }: { supplier: Supplier }) {
  const rows = [
    ['Business', supplier.businessName],
    ['Farm location', supplier.farmLocation],
    ['Contact', `${supplier.contactPerson} · ${supplier.contactNumber}`],
    ['Certification', certificationLabels[supplier.certificationType]],
  ];
  return (
    <Center py="lg">
      <Card withBorder radius="md" p="xl" maw={560} w="100%">
        <Stack align="center" gap="xs" mb="md">
          <IconClockHour4 size={40} color="var(--mantine-color-yellow-7)" aria-hidden />
          <Title order={1} size="h3" ta="center">
            Account Pending Approval
          </Title>
          {supplier.status === 'rejected' ? (
            <Alert color="red" variant="light" title="Not approved" w="100%">
              The farm did not approve this supplier account. Contact the farm store for details.
            </Alert>
          ) : (
            <Text c="dimmed" ta="center">
              The farm store reviews new suppliers. You can use your dashboard as soon as you are approved.
            </Text>
          )}
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {label}
              </Text>
              <Text>{value}</Text>
            </div>
          ))}
        </SimpleGrid>
      </Card>
    </Center>
  );
}
