// 'Account Pending Approval' (spec §2): all an unapproved supplier sees, on every screen. It shows
// the business, farm location, contact and certification; a rejected supplier reads that it was not
// approved (decision 021).
import { Alert, Card, Center, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import type { SupplierWithCrates as Supplier } from '../../../../shared/suppliers.ts';
import { certificationKeys } from '../../../../shared/suppliers-labels.ts';
import { useT } from '../../../lib/i18n/use-t.ts';

export function PendingApproval({ supplier }: { supplier: Supplier }) {
  const t = useT();
  const rows = [
    [t('suppliers.business'), supplier.businessName],
    [t('suppliers.farmLocation'), supplier.farmLocation],
    [t('suppliers.contact'), `${supplier.contactPerson} · ${supplier.contactNumber}`],
    [t('suppliers.certification'), t(certificationKeys[supplier.certificationType])],
  ];
  return (
    <Center py="lg">
      <Card withBorder radius="md" p="xl" maw={560} w="100%">
        <Stack align="center" gap="xs" mb="md">
          <IconClockHour4 size={40} color="var(--mantine-color-yellow-7)" aria-hidden />
          <Title order={1} size="h3" ta="center">
            {t('suppliers.accountPendingApproval')}
          </Title>
          {supplier.status === 'rejected' ? (
            <Alert color="red" variant="light" title={t('suppliers.notApprovedTitle')} w="100%">
              {t('suppliers.notApprovedBody')}
            </Alert>
          ) : (
            <Text c="dimmed" ta="center">
              {t('suppliers.pendingBody')}
            </Text>
          )}
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {label}
              </Text>
              <Text style={{ overflowWrap: 'anywhere' }}>{value}</Text>
            </div>
          ))}
        </SimpleGrid>
      </Card>
    </Center>
  );
}
