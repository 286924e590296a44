// Supplier dashboard (spec §2): an unapproved supplier sees only 'Account Pending Approval';
// an approved one gets the overview, offers, tenders, settings and crates tabs.
import { Alert, Card, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { certificationLabels, type Supplier } from '../../../../shared/suppliers.ts';
import { ComingSoon } from '../../../components/coming-soon.tsx';
import { DashboardTabs } from '../../../components/dashboard-tabs.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ChangePasswordCard } from '../../../features/auth/components/change-password-form.tsx';
import { useMySupplier } from '../../../features/suppliers/api/get-my-supplier.ts';
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
          { value: 'overview', label: 'Dashboard', panel: <ComingSoon what="Your supplier metrics" /> },
          { value: 'offers', label: 'My Offers', panel: <ComingSoon what="Your produce offers" /> },
          { value: 'tenders', label: 'Open Tenders', panel: <ComingSoon what="Open tenders" /> },
          { value: 'settings', label: 'Settings', panel: <ChangePasswordCard /> },
          { value: 'crates', label: 'Crate Management', panel: <ComingSoon what="Crate requests" /> },
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
          <Text c="dimmed" ta="center">
            {supplier.status === 'rejected'
              ? 'The farm did not approve this supplier account. Contact the farm store for details.'
              : 'The farm store reviews new suppliers. You can use your dashboard as soon as you are approved.'}
          </Text>
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
