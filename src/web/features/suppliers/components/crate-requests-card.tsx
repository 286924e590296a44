// The farm store's pending supplier crate requests (spec §2); Fulfil acknowledges one, which issues
// its crates from farm stock to the supplier on the ledger, after a confirmation naming the crates, the
// supplier and the farm stock left (decision 039).
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { CrateRequest } from '../../../../shared/suppliers.ts';
import { crateRequestText } from '../../../../shared/transmissions-labels.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { QueryList } from '../../../components/list-states.tsx';
import { useFarmStoreMe } from '../../../lib/api/get-farm-store-me.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { crates, formatCount, fromNow } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useFulfilCrateRequest } from '../api/fulfil-crate-request.ts';
import { useCrateRequests } from '../api/get-crate-requests.ts';

export const FULFIL_FAILED = 'Failed to fulfil crate request';

/** Farm stock after issuing `quantity`, as the confirmation says it (loading: a dash). */
function StockAfter({ quantity }: { quantity: number }) {
  const me = useFarmStoreMe();
  if (!me.data) return <Text size="sm">Farm stock after: {me.isError ? 'unknown' : '…'}</Text>;
  const after = me.data.stock - quantity;
  return after < 0 ? (
    <Text size="sm" c="red.9" data-testid="stock-after">
      The farm has only {crates(me.data.stock)} in stock: add stock before fulfilling this request.
    </Text>
  ) : (
    <Text size="sm" data-testid="stock-after">
      Farm stock after: {crates(after)} (now {formatCount(me.data.stock)}).
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
        aria-label={`Fulfil ${crates(r.quantity)} for ${who}`}
        onClick={() => setConfirming(true)}
      >
        Fulfil
      </Button>
      {confirming && (
        <ConfirmDialog
          title="Fulfil crate request"
          confirmLabel={`Issue ${crates(r.quantity)} to ${who}`}
          loading={fulfil.isPending && fulfil.variables?.id === r.id}
          onClose={close}
          onConfirm={() =>
            fulfil.mutate(
              { id: r.id, quantity: r.quantity },
              {
                onSuccess: () => {
                  notifySuccess(`${crates(r.quantity)} issued to ${who}`);
                  setConfirming(false);
                },
                onError: (error) => notifyError(errorMessage(error, FULFIL_FAILED)),
              },
            )
          }
          error={<FormError error={fulfil.error} fallback={FULFIL_FAILED} />}
        >
          <Text fw={600}>
            Issue {crates(r.quantity)} from the farm's stock to {who}
            {r.businessName && r.businessName !== r.requestedBy ? ` (${r.requestedBy})` : ''}?
          </Text>
          <StockAfter quantity={r.quantity} />
          <Text size="sm">The crates are booked to the supplier at once; this cannot be taken back here.</Text>
        </ConfirmDialog>
      )}
    </>
  );
}

export function CrateRequestsCard() {
  const requests = useCrateRequests('pending');
  const fulfil = useFulfilCrateRequest();
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="crate-requests-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="crate-requests-title">
          Supplier Crate Requests
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
        failed="We could not load crate requests. Retrying…"
        empty="No pending crate requests."
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
                  <Text fw={700}>{crateRequestText(crates(r.quantity), r.businessName ?? r.requestedBy)}</Text>
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
