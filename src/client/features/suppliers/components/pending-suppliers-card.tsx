// The farm store's pending suppliers (spec §2, polled every 10 s) with Approve and Reject.
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { certificationLabels, supplierMessages } from '../../../../shared/suppliers-labels.ts';
import { QueryList } from '../../../components/list-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { fromNow } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { usePendingSuppliers } from '../api/get-suppliers.ts';
import { type SupplierDecision, useSetSupplierStatus } from '../api/set-supplier-status.ts';

// Long: the approvals card's layout: each supplier's details and the Approve/Reject buttons the server allows.
export function PendingSuppliersCard() {
  const pending = usePendingSuppliers();
  const decide = useSetSupplierStatus();
  const act = (id: number, name: string, decision: SupplierDecision) =>
    decide.mutate(
      { id, decision },
      {
        onSuccess: () => notifySuccess(`${name} ${decision === 'approve' ? 'approved' : 'rejected'}`),
        onError: (error) => notifyError(errorMessage(error, supplierMessages.updateStatusFailed)),
      },
    );

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="pending-suppliers-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="pending-suppliers-title">
          Pending Suppliers
        </Title>
        {pending.data && pending.data.length > 0 && (
          <Badge color="yellow" autoContrast>
            {pending.data.length}
          </Badge>
        )}
      </Group>
      <QueryList
        query={pending}
        skeletonHeight={60}
        failed="We could not load pending suppliers. Retrying…"
        empty="No suppliers waiting for approval."
      >
        {(rows) => (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {rows.map((s) => {
              const busy = decide.isPending && decide.variables?.id === s.id;
              return (
                <Stack key={s.id} component="li" gap={4} data-testid="pending-supplier">
                  <Text fw={700}>{s.businessName}</Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {s.contactPerson} · {s.contactNumber} · {s.farmLocation} ·{' '}
                    {certificationLabels[s.certificationType]} · registered {fromNow(s.createdAt)}
                  </Text>
                  <Group gap="xs">
                    {s.canApprove && (
                      <Button
                        size="xs"
                        color="green"
                        loading={busy && decide.variables?.decision === 'approve'}
                        disabled={busy}
                        onClick={() => act(s.id, s.businessName, 'approve')}
                        aria-label={`Approve ${s.businessName}`}
                      >
                        Approve
                      </Button>
                    )}
                    {s.canReject && (
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        loading={busy && decide.variables?.decision === 'reject'}
                        disabled={busy}
                        onClick={() => act(s.id, s.businessName, 'reject')}
                        aria-label={`Reject ${s.businessName}`}
                      >
                        Reject
                      </Button>
                    )}
                  </Group>
                </Stack>
              );
            })}
          </Stack>
        )}
      </QueryList>
    </Card>
  );
}
