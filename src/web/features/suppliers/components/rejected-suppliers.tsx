// The suppliers the farm store rejected, under its pending ones: a rejection can be reversed here with
// Approve (decision 039), which is what the Reject confirmation promises.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useRejectedSuppliers } from '../api/get-suppliers.ts';
import type { SupplierDecision, useSetSupplierStatus } from '../api/set-supplier-status.ts';

export function RejectedSuppliers({
  decide,
  act,
}: {
  decide: ReturnType<typeof useSetSupplierStatus>;
  act: (id: number, name: string, decision: SupplierDecision) => void;
}) {
  const t = useT();
  const rejected = useRejectedSuppliers();
  if (!rejected.data || rejected.data.length === 0) return null;
  return (
    <Stack gap="xs" mt="md" component="section" aria-labelledby="rejected-suppliers-title">
      <Title order={3} size="h5" id="rejected-suppliers-title">
        {t('suppliers.rejectedSuppliers')}
      </Title>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {rejected.data.map((s) => (
          <Group key={s.id} component="li" justify="space-between" gap="xs" data-testid="rejected-supplier">
            <div style={{ minWidth: 0 }}>
              <Text fw={700}>{s.businessName}</Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {s.contactPerson} · {s.contactNumber}
              </Text>
            </div>
            {s.canApprove && (
              <Button
                size="xs"
                variant="light"
                loading={decide.isPending && decide.variables?.id === s.id}
                onClick={() => act(s.id, s.businessName, 'approve')}
                aria-label={t('suppliers.approveNameAfterAll', { name: s.businessName })}
              >
                {t('suppliers.approve')}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
