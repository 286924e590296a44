// The farm store's pending supplier crate requests (spec §2); Fulfil acknowledges one, which issues
// its crates from farm stock to the supplier on the ledger.
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { CrateRequest } from '../../../../shared/suppliers.ts';
import { crateRequestText } from '../../../../shared/transmissions-labels.ts';
import { QueryList } from '../../../components/list-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { crates, fromNow } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useFulfilCrateRequest } from '../api/fulfil-crate-request.ts';
import { useCrateRequests } from '../api/get-crate-requests.ts';

export const FULFIL_FAILED = 'Failed to fulfil crate request';

/** Fulfil: issues the request's crates from farm stock to the supplier. */
function FulfilButton({
  request: r,
  fulfil,
}: {
  request: CrateRequest;
  fulfil: ReturnType<typeof useFulfilCrateRequest>;
}) {
  return (
    <Button
      size="xs"
      loading={fulfil.isPending && fulfil.variables?.id === r.id}
      aria-label={`Fulfil ${crates(r.quantity)} for ${r.businessName ?? r.requestedBy}`}
      onClick={() =>
        fulfil.mutate(
          { id: r.id, quantity: r.quantity },
          {
            onSuccess: () => notifySuccess(`${crates(r.quantity)} issued to ${r.businessName ?? r.requestedBy}`),
            onError: (error) => notifyError(errorMessage(error, FULFIL_FAILED)),
          },
        )
      }
    >
      Fulfil
    </Button>
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
                <div>
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
