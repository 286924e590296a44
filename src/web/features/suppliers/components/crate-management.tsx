// Crate Management: the supplier's crate figures (decision 021), a request for 1 to 500 crates
// (POST /api/transmissions, type supplier_to_farm) and its requests with their status.
import { Button, Grid, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { z } from 'zod';
import type { CrateRequest, SupplierWithCrates } from '../../../../shared/suppliers.ts';
import { SUPPLIER_REQUEST_MAX, transmissionMessages } from '../../../../shared/transmissions-labels.ts';
import { FormError } from '../../../components/form-error.tsx';
import { QueryList } from '../../../components/list-states.tsx';
import { CountInput } from '../../../components/quantity-input.tsx';
import { FormCard, SectionCard } from '../../../components/section-card.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { crates, formatCount, fromNow } from '../../../lib/format.ts';
import { translatedResolver } from '../../../lib/i18n/form.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
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

/** Each status's look and catalogue key. */
const statusLook: Record<string, { tone: Tone; label: string }> = {
  pending: { tone: 'waiting', label: 'suppliers.requestPending' },
  acknowledged: { tone: 'done', label: 'suppliers.requestFulfilled' },
  recalled: { tone: 'closed', label: 'suppliers.requestWithdrawn' },
};

function RequestCratesCard() {
  const t = useT();
  const request = useRequestCrates();
  const form = useForm<{ quantity: number | string; notes: string }>({
    initialValues: { quantity: '', notes: '' },
    validate: translatedResolver(requestSchema, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    request.mutate(
      { quantity: Number(values.quantity), notes: values.notes },
      {
        onSuccess: (sent) => {
          notifySuccess(t('suppliers.requestSent', { crates: crates(sent.quantity) }));
          form.reset();
        },
        onError: (error) => notifyError(errorMessage(error, t('suppliers.crateRequestFailed'))),
      },
    ),
  );
  return (
    <FormCard title={t('suppliers.requestCratesTitle')} label={t('suppliers.requestCratesLabel')} onSubmit={submit}>
      <CountInput label={t('suppliers.cratesNeeded')} max={SUPPLIER_REQUEST_MAX} form={form} name="quantity" />
      <Textarea label={t('suppliers.notes')} autosize minRows={2} {...form.getInputProps('notes')} />
      <FormError error={request.isError ? request.error : null} fallback={t('suppliers.crateRequestFailed')} />
      <Button type="submit" loading={request.isPending}>
        {t('suppliers.sendRequest')}
      </Button>
    </FormCard>
  );
}

function CrateRequestRow({ request: r }: { request: CrateRequest }) {
  const t = useT();
  const look = statusLook[r.status] ?? statusLook.pending;
  return (
    <Group component="li" justify="space-between" wrap="nowrap" data-testid="crate-request">
      <div>
        <Text fw={600}>
          {t('suppliers.youRequested', { crates: crates(r.quantity) })}
          {r.status === 'acknowledged' && r.actualQuantity !== r.quantity
            ? ` ${t('suppliers.issuedCount', { count: formatCount(r.actualQuantity ?? 0) })}`
            : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {fromNow(r.sentAt)}
          {r.notes ? ` · ${r.notes}` : ''}
        </Text>
      </div>
      <StatusPill tone={look.tone}>{t(look.label)}</StatusPill>
    </Group>
  );
}

function MyCrateRequests() {
  const t = useT();
  const requests = useCrateRequests('all');
  return (
    <SectionCard title={t('suppliers.myCrateRequests')}>
      <QueryList
        query={requests}
        skeletonHeight={80}
        failed={t('suppliers.myRequestsFailed')}
        empty={t('suppliers.myRequestsEmpty')}
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
  const t = useT();
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" component="section" aria-label={t('suppliers.yourCrates')}>
        <StatCard
          label={t('suppliers.totalCratesOwned')}
          value={formatCount(supplier.totalCratesOwned)}
          hint={t('suppliers.totalCratesOwnedHint')}
        />
        <StatCard
          label={t('suppliers.availableCrates')}
          value={formatCount(supplier.availableCrates)}
          hint={t('suppliers.availableCratesHint')}
        />
        <StatCard
          label={t('suppliers.cratesInUse')}
          value={formatCount(supplier.cratesInUse)}
          hint={t('suppliers.cratesInUseHint')}
        />
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
