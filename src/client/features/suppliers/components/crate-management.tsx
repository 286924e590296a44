// Crate Management: the supplier's crate figures (decision 021), a request for 1 to 500 crates
// (POST /api/transmissions, type supplier_to_farm) and its requests with their status.
import { Button, Card, Grid, Group, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import type { SupplierWithCrates } from '../../../../shared/suppliers.ts';
import { supplierMessages } from '../../../../shared/suppliers.ts';
import { SUPPLIER_REQUEST_MAX, transmissionMessages } from '../../../../shared/transmissions.ts';
import { FormError } from '../../../components/form-error.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { crates, formatCount, fromNow } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCrateRequests } from '../api/get-crate-requests.ts';
import { useRequestCrates } from '../api/request-crates.ts';
import { StatusPill, type Tone } from './status-pill.tsx';

const rangeMessage = transmissionMessages.supplierQuantityRange;
const requestSchema = z.object({
  quantity: z
    .number({ error: transmissionMessages.quantityRequired })
    .int(rangeMessage)
    .min(1, rangeMessage)
    .max(SUPPLIER_REQUEST_MAX, rangeMessage),
  notes: z.string().max(500).optional(),
});

const statusLook: Record<string, { tone: Tone; label: string }> = {
  pending: { tone: 'waiting', label: 'Pending' },
  acknowledged: { tone: 'done', label: 'Fulfilled' },
  recalled: { tone: 'closed', label: 'Withdrawn' },
};

export function CrateManagement({ supplier }: { supplier: SupplierWithCrates }) {
  const requests = useCrateRequests('all');
  const request = useRequestCrates();
  const form = useForm<{ quantity: number | string; notes: string }>({
    initialValues: { quantity: '', notes: '' },
    validate: schemaResolver(requestSchema, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    request.mutate(
      { quantity: Number(values.quantity), notes: values.notes },
      {
        onSuccess: (sent) => {
          notifySuccess(`Request for ${crates(sent.quantity)} sent to the farm store`);
          form.reset();
        },
        onError: (error) => notifyError(errorMessage(error, supplierMessages.crateRequestFailed)),
      },
    ),
  );

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" component="section" aria-label="Your crates">
        <StatCard label="Total crates owned" value={formatCount(supplier.totalCratesOwned)} hint="issued by the farm" />
        <StatCard label="Available crates" value={formatCount(supplier.availableCrates)} hint="free to fill" />
        <StatCard label="Crates in use" value={formatCount(supplier.cratesInUse)} hint="on your active offers" />
      </SimpleGrid>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder radius="md" p="lg">
            <Title order={2} size="h4" mb="sm">
              Request Crates
            </Title>
            <form onSubmit={submit} noValidate aria-label="Request crates">
              <Stack>
                <QuantityInput
                  label="Crates needed"
                  min={1}
                  max={SUPPLIER_REQUEST_MAX}
                  hint
                  withAsterisk
                  {...form.getInputProps('quantity')}
                />
                <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
                <FormError
                  error={request.isError ? request.error : null}
                  fallback={supplierMessages.crateRequestFailed}
                />
                <Button type="submit" loading={request.isPending}>
                  Send Request
                </Button>
              </Stack>
            </form>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="md" p="lg">
            <Title order={2} size="h4" mb="sm">
              My Crate Requests
            </Title>
            {requests.isPending ? (
              <Skeleton height={80} />
            ) : requests.isError ? (
              <Text c="red">We could not load your requests. Retrying…</Text>
            ) : requests.data.length === 0 ? (
              <Text c="dimmed">No crate requests yet.</Text>
            ) : (
              <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {requests.data.map((r) => {
                  const look = statusLook[r.status] ?? statusLook.pending;
                  return (
                    <Group key={r.id} component="li" justify="space-between" wrap="nowrap" data-testid="crate-request">
                      <div>
                        <Text fw={600}>
                          {crates(r.quantity)}
                          {r.status === 'acknowledged' && r.actualQuantity !== r.quantity
                            ? ` (${formatCount(r.actualQuantity ?? 0)} issued)`
                            : ''}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {fromNow(r.sentAt)}
                          {r.notes ? ` · ${r.notes}` : ''}
                        </Text>
                      </div>
                      <StatusPill tone={look.tone}>{look.label}</StatusPill>
                    </Group>
                  );
                })}
              </Stack>
            )}
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
