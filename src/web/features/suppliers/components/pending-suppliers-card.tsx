// The farm store's pending suppliers (spec §2, polled every 10 s) with Approve and Reject (confirmed
// first, decision 039), and the rejected ones, which can still be approved.
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { SupplierWithCrates } from '../../../../shared/suppliers.ts';
import { certificationKeys } from '../../../../shared/suppliers-labels.ts';
import { ConfirmDialog, destructiveButton } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { QueryList } from '../../../components/list-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { fromNow } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { usePendingSuppliers } from '../api/get-suppliers.ts';
import { type SupplierDecision, useSetSupplierStatus } from '../api/set-supplier-status.ts';
import { RejectedSuppliers } from './rejected-suppliers.tsx';

/** What rejecting does (decision 039), before it is done. */
function RejectSupplierDialog({
  supplier: s,
  loading,
  error,
  onClose,
  onConfirm,
}: {
  supplier: SupplierWithCrates;
  loading: boolean;
  error: unknown;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  return (
    <ConfirmDialog
      title={t('suppliers.rejectSupplierTitle')}
      confirmLabel={t('suppliers.rejectName', { name: s.businessName })}
      destructive
      loading={loading}
      onClose={onClose}
      onConfirm={onConfirm}
      error={<FormError error={error} fallback={t('suppliers.updateStatusFailed')} />}
    >
      <Text fw={600}>{t('suppliers.rejectQuestion', { name: s.businessName, contact: s.contactPerson })}</Text>
      <Text size="sm">{t('suppliers.rejectEffect', { contact: s.contactPerson })}</Text>
      {/* How a rejection is undone (decision 039): the account is kept and listed under Rejected suppliers. */}
      <Text size="sm">{t('suppliers.rejectionUndo')}</Text>
    </ConfirmDialog>
  );
}

// Long: the approvals card's layout: each supplier's details and the Approve/Reject buttons the server allows.
export function PendingSuppliersCard() {
  const t = useT();
  const pending = usePendingSuppliers();
  const decide = useSetSupplierStatus();
  const [rejecting, setRejecting] = useState<SupplierWithCrates | null>(null);
  const act = (id: number, name: string, decision: SupplierDecision, onDone?: () => void) =>
    decide.mutate(
      { id, decision },
      {
        onSuccess: () => {
          notifySuccess(
            t(decision === 'approve' ? 'suppliers.supplierApproved' : 'suppliers.supplierRejected', { name }),
          );
          onDone?.();
        },
        onError: (error) => notifyError(errorMessage(error, t('suppliers.updateStatusFailed'))),
      },
    );

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="pending-suppliers-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="pending-suppliers-title">
          {t('suppliers.pendingSuppliers')}
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
        failed={t('suppliers.pendingSuppliersFailed')}
        empty={t('suppliers.pendingSuppliersEmpty')}
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
                    {t(certificationKeys[s.certificationType])} ·{' '}
                    {t('suppliers.registeredWhen', { when: fromNow(s.createdAt) })}
                  </Text>
                  <Group gap="xs">
                    {s.canApprove && (
                      <Button
                        size="xs"
                        color="green"
                        loading={busy && decide.variables?.decision === 'approve'}
                        disabled={busy}
                        onClick={() => act(s.id, s.businessName, 'approve')}
                        aria-label={t('suppliers.approveName', { name: s.businessName })}
                      >
                        {t('suppliers.approve')}
                      </Button>
                    )}
                    {s.canReject && (
                      <Button
                        size="xs"
                        {...destructiveButton}
                        disabled={busy}
                        onClick={() => setRejecting(s)}
                        aria-label={t('suppliers.rejectName', { name: s.businessName })}
                      >
                        {t('suppliers.reject')}
                      </Button>
                    )}
                  </Group>
                </Stack>
              );
            })}
          </Stack>
        )}
      </QueryList>
      <RejectedSuppliers decide={decide} act={act} />
      {rejecting && (
        <RejectSupplierDialog
          supplier={rejecting}
          loading={decide.isPending}
          error={decide.error}
          onClose={() => {
            setRejecting(null);
            decide.reset();
          }}
          onConfirm={() => act(rejecting.id, rejecting.businessName, 'reject', () => setRejecting(null))}
        />
      )}
    </Card>
  );
}
