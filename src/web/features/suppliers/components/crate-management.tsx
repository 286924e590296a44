// Crate Management: the supplier's crate figures (decision 021), a request for 1 to 500 crates
// (POST /api/transmissions, type supplier_to_farm) and its requests with their status.
import { Button, Grid, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import type { CrateRequest, SupplierWithCrates } from '../../../../shared/suppliers.ts';
import { supplierMessages } from '../../../../shared/suppliers-labels.ts';
import {
  crateRequestText,
  SUPPLIER_REQUEST_MAX,
  transmissionMessages,
} from '../../../../shared/transmissions-labels.ts';
import { FormError } from '../../../components/form-error.tsx';
import { QueryList } from '../../../components/list-states.tsx';
import { CountInput } from '../../../components/quantity-input.tsx';
import { FormCard, SectionCard } from '../../../components/section-card.tsx';
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

function RequestCratesCard() {
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
    <FormCard title="Request Crates" label="Request crates" onSubmit={submit}>
      <CountInput label="Crates needed" max={SUPPLIER_REQUEST_MAX} form={form} name="quantity" />
      <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
      <FormError error={request.isError ? request.error : null} fallback={supplierMessages.crateRequestFailed} />
      <Button type="submit" loading={request.isPending}>
        Send Request
      </Button>
    </FormCard>
  );
}

function CrateRequestRow({ request: r }: { request: CrateRequest }) {
  const look = statusLook[r.status] ?? statusLook.pending;
  return (
    <Group component="li" justify="space-between" wrap="nowrap" data-testid="crate-request">
      <div>
        <Text fw={600}>
          {crateRequestText(crates(r.quantity), null)}
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
}

function MyCrateRequests() {
  const requests = useCrateRequests('all');
  return (
    <SectionCard title="My Crate Requests">
      <QueryList
        query={requests}
        skeletonHeight={80}
        failed="We could not load your requests. Retrying…"
        empty="No crate requests yet."
      >
        {(rows) => (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {rows.map((r) => (
              <CrateRequestRow key={r.id} request={r} />
            ))}
          </Stack>
        )}
      </QueryList>
    </SectionCard>
  );
}

export function CrateManagement({ supplier }: { supplier: SupplierWithCrates }) {
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" component="section" aria-label="Your crates">
        <StatCard label="Total crates owned" value={formatCount(supplier.totalCratesOwned)} hint="issued by the farm" />
        <StatCard label="Available crates" value={formatCount(supplier.availableCrates)} hint="free to fill" />
        <StatCard label="Crates in use" value={formatCount(supplier.cratesInUse)} hint="on your active offers" />
      </SimpleGrid>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <RequestCratesCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <MyCrateRequests />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
