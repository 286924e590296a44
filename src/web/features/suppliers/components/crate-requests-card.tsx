// The farm store's pending supplier crate requests (spec §2); Fulfil acknowledges one, which issues
// its crates from farm stock to the supplier on the ledger, after a confirmation naming the crates, the
// supplier and the farm stock left (decision 039).
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { CrateRequest } from '../../../../shared/suppliers.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { QueryList } from '../../../components/list-states.tsx';
import { useFarmStoreMe } from '../../../lib/api/get-farm-store-me.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { crates, formatCount, fromNow } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useFulfilCrateRequest } from '../api/fulfil-crate-request.ts';
import { useCrateRequests } from '../api/get-crate-requests.ts';

/** Farm stock after issuing `quantity`, as the confirmation says it (loading: a dash). */
function StockAfter({ quantity }: { quantity: number }) {
  const t = useT();
  const me = useFarmStoreMe();
  if (!me.data)
    return <Text size="sm">{t(me.isError ? 'suppliers.stockAfterUnknown' : 'suppliers.stockAfterLoading')}</Text>;
  const after = me.data.stock - quantity;
  return after < 0 ? (
    <Text size="sm" c="red.9" data-testid="stock-after">
      {t('suppliers.stockShort', { crates: crates(me.data.stock) })}
    </Text>
  ) : (
    <Text size="sm" data-testid="stock-after">
      {t('suppliers.stockAfter', { crates: crates(after), count: formatCount(me.data.stock) })}
    </Text>
  );
}

/** Fulfil: asks first, then issues the request's crates from farm stock to the supplier. */
function FulfilButton({
  request: r,
  fulfil,
}: {
  request: CrateRequest;
  fulfil: ReturnType<typeof useFulfilCrateRequest>;
}) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const who = r.businessName ?? r.requestedBy;
  const close = () => {
    setConfirming(false);
    fulfil.reset();
  };
  return (
    <>
      {/* Never squeezed by a long request beside it: it was cut to 'Fulfi' on a desktop (decision 047). */}
      <Button
        size="xs"
        style={{ flexShrink: 0 }}
        aria-label={t('suppliers.fulfilFor', { crates: crates(r.quantity), who })}
        onClick={() => setConfirming(true)}
      >
        {t('suppliers.fulfil')}
      </Button>
      {confirming && (
        <ConfirmDialog
          title={t('suppliers.fulfilTitle')}
          confirmLabel={t('suppliers.issueTo', { crates: crates(r.quantity), who })}
          loading={fulfil.isPending && fulfil.variables?.id === r.id}
          onClose={close}
          onConfirm={() =>
            fulfil.mutate(
              { id: r.id, quantity: r.quantity },
              {
                onSuccess: () => {
                  notifySuccess(t('suppliers.issuedTo', { crates: crates(r.quantity), who }));
                  setConfirming(false);
                },
                onError: (error) => notifyError(errorMessage(error, t('suppliers.fulfilFailed'))),
              },
            )
          }
          error={<FormError error={fulfil.error} fallback={t('suppliers.fulfilFailed')} />}
        >
          <Text fw={600}>
            {r.businessName && r.businessName !== r.requestedBy
              ? t('suppliers.issueQuestionBy', { crates: crates(r.quantity), who, requestedBy: r.requestedBy })
              : t('suppliers.issueQuestion', { crates: crates(r.quantity), who })}
          </Text>
          <StockAfter quantity={r.quantity} />
          <Text size="sm">{t('suppliers.bookedAtOnce')}</Text>
        </ConfirmDialog>
      )}
    </>
  );
}

export function CrateRequestsCard() {
  const t = useT();
  const requests = useCrateRequests('pending');
  const fulfil = useFulfilCrateRequest();
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="crate-requests-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="crate-requests-title">
          {t('suppliers.supplierCrateRequests')}
        </Title>
        {requests.data && requests.data.length > 0 && (
          <Badge color="yellow" autoContrast>
            {requests.data.length}
          </Badge>
        )}
      </Group>
      <QueryList
        query={requests}
        skeletonHeight={60}
        failed={t('suppliers.crateRequestsFailed')}
        empty={t('suppliers.crateRequestsEmpty')}
      >
        {(rows) => (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {rows.map((r) => (
              <Group
                key={r.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                data-testid="supplier-crate-request"
              >
                <div style={{ minWidth: 0 }}>
                  <Text fw={700}>
                    {t('suppliers.supplierRequested', {
                      requester: r.businessName ?? r.requestedBy,
                      crates: crates(r.quantity),
                    })}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {fromNow(r.sentAt)}
                    {r.notes ? ` · ${r.notes}` : ''}
                  </Text>
                </div>
                {r.canFulfil && <FulfilButton request={r} fulfil={fulfil} />}
              </Group>
            ))}
          </Stack>
        )}
      </QueryList>
    </Card>
  );
}
