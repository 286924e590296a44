// The farm store settings tab's crate stock (DESIGN §4): the opening stock, crates bought or
// written off with a reason, agents' opening balances from the paper records, and their history.
import {
  Alert,
  Button,
  Card,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { z } from 'zod';
import cratesEnglish from '../../../../shared/i18n/en/crates.json' with { type: 'json' };
import { addEnglish, english } from '../../../../shared/i18n/english.ts';
import {
  openingBalanceBody,
  STOCK_ADJUSTMENT_MAX,
  type StockEntry,
  stockAdjustmentBody,
  stockMessages,
} from '../../../../shared/transmissions.ts';
import { AgentSelect } from '../../../components/agent-select.tsx';
import { ExportDownload } from '../../../components/export-download.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { useFarmStoreMe } from '../../../lib/api/get-farm-store-me.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { translatedResolver } from '../../../lib/i18n/form.ts';
import { t as translate } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAdjustStock, useEnterOpeningBalance, useStockEntries } from '../api/stock-adjustments.ts';

addEnglish({ crates: cratesEnglish });

/** The reason the farm's first stock entry is given (data: it stays as typed, in English). */
export const OPENING_STOCK_REASON = 'Opening stock'; // i18n-ignore: a stored reason, the farm's data

// The form asks for a count and a direction (add or write off), so the count itself is 1 or more;
// the sign is added on sending and the server's schema (stockAdjustmentBody) checks the signed value.
const adjustCountMessage = english('crates.adjustCount', { min: 1, max: STOCK_ADJUSTMENT_MAX });
const adjustForm = z.object({
  direction: z.enum(['add', 'remove']),
  quantity: z
    .number({ error: stockMessages.quantityRequired })
    .int(adjustCountMessage)
    .min(1, adjustCountMessage)
    .max(STOCK_ADJUSTMENT_MAX, adjustCountMessage),
  reason: stockAdjustmentBody.shape.reason,
});

export function FarmStockSettings() {
  const t = useT();
  const entries = useStockEntries();
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <StockAdjustmentCard isFirst={entries.data?.length === 0} />
        <OpeningBalanceCard />
      </SimpleGrid>
      <StockHistory entries={entries.data} isPending={entries.isPending} />
      <ExportDownload kinds={['ledger']} title={t('crates.ledgerCsv')} />
    </Stack>
  );
}

type AdjustValues = { direction: 'add' | 'remove'; quantity: number | string; reason: string };

// Long: the stock adjustment form's layout (first stock or an adjustment, reason, count); the ledger rules are the server's.
function StockAdjustmentCard({ isFirst }: { isFirst: boolean }) {
  const t = useT();
  const me = useFarmStoreMe();
  const adjust = useAdjustStock();
  const form = useForm<AdjustValues>({
    initialValues: { direction: 'add', quantity: '', reason: '' },
    validate: translatedResolver(adjustForm, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const quantity = Number(values.quantity) * (values.direction === 'remove' ? -1 : 1);
    adjust.mutate(
      { quantity, reason: values.reason.trim() },
      {
        onSuccess: ({ stock }) => {
          notifySuccess(translate('crates.stockNow', { count: stock }), translate('crates.stockUpdated'));
          form.reset();
        },
        onError: (error) => notifyError(errorMessage(error, translate('crates.adjustFailed'))),
      },
    );
  });

  return (
    <Card withBorder radius="md" p="lg">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          {t('crates.farmStock')}
        </Title>
        {me.data && (
          <Text fw={700} data-testid="farm-stock">
            {t('crates.inStock', { count: me.data.stock })}
          </Text>
        )}
      </Group>
      {isFirst && (
        <Alert variant="light" color="blue" p="sm" mb="sm">
          {t('crates.startWithOpening', { reason: OPENING_STOCK_REASON })}
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label={t('crates.adjustLabel')}>
        <Stack>
          <SegmentedControl
            aria-label={t('crates.addOrWriteOff')}
            data={[
              { value: 'add', label: t('crates.addCrates') },
              { value: 'remove', label: t('crates.writeOffCrates') },
            ]}
            {...form.getInputProps('direction')}
          />
          <QuantityInput
            label={form.values.direction === 'add' ? t('crates.cratesToAdd') : t('crates.cratesToWriteOff')}
            min={1}
            withAsterisk
            {...form.getInputProps('quantity')}
          />
          <TextInput
            label={t('crates.reason')}
            placeholder={isFirst ? OPENING_STOCK_REASON : t('crates.reasonExample')}
            withAsterisk
            {...form.getInputProps('reason')}
          />
          <FormError error={adjust.isError ? adjust.error : null} fallback={t('crates.adjustFailed')} />
          <Button
            type="submit"
            loading={adjust.isPending}
            color={form.values.direction === 'remove' ? 'red' : undefined}
          >
            {form.values.direction === 'add' ? t('crates.addToStock') : t('crates.writeOff')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

type OpeningValues = {
  marketAgentId: number | null;
  fullCrates: number | string;
  emptyCrates: number | string;
  reason: string;
};

function OpeningBalanceCard() {
  const t = useT();
  const enter = useEnterOpeningBalance();
  const form = useForm<OpeningValues>({
    initialValues: { marketAgentId: null, fullCrates: 0, emptyCrates: 0, reason: '' },
    validate: translatedResolver(openingBalanceBody, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    enter.mutate(
      {
        marketAgentId: values.marketAgentId ?? 0,
        fullCrates: Number(values.fullCrates),
        emptyCrates: Number(values.emptyCrates),
        reason: values.reason.trim() || undefined,
      },
      {
        onSuccess: () => {
          notifySuccess(translate('crates.openingSaved'));
          form.reset();
        },
        onError: (error) => notifyError(errorMessage(error, translate('crates.openingFailed'))),
      },
    );
  });

  return (
    <Card withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb={4}>
        {t('crates.openingTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('crates.openingHelp')}
      </Text>
      <form onSubmit={submit} noValidate aria-label={t('crates.openingLabel')}>
        <Stack>
          <AgentSelect {...form.getInputProps('marketAgentId')} />
          <SimpleGrid cols={2} spacing="sm">
            <QuantityInput label={t('crates.fullCrates')} min={0} {...form.getInputProps('fullCrates')} />
            <QuantityInput label={t('crates.emptyCrates')} min={0} {...form.getInputProps('emptyCrates')} />
          </SimpleGrid>
          <Textarea
            label={t('crates.note')}
            placeholder={t('crates.optional')}
            autosize
            minRows={1}
            {...form.getInputProps('reason')}
          />
          <FormError error={enter.isError ? enter.error : null} fallback={t('crates.openingFailed')} />
          <Button type="submit" loading={enter.isPending}>
            {t('crates.saveOpening')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

/** "+500 crates · Farm stock", "−1 full crate · Thandi": a history row's change in the farm's words. */
export function stockEntryText(e: Pick<StockEntry, 'quantity' | 'holder' | 'agentName'>): string {
  const sign = e.quantity > 0 ? '+' : '−';
  const count = Math.abs(e.quantity);
  if (e.holder === 'farm') return `${sign}${translate('crates.entryFarm', { count })}`;
  const key = e.holder === 'agent_full' ? 'crates.entryAgentFull' : 'crates.entryAgentEmpty';
  return `${sign}${translate(key, { count, agent: e.agentName ?? translate('crates.agent') })}`;
}

function StockHistory({ entries, isPending }: { entries: StockEntry[] | undefined; isPending: boolean }) {
  const t = useT();
  return (
    <Card withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="sm">
        {t('crates.stockHistory')}
      </Title>
      {isPending ? (
        <Text c="dimmed">{t('crates.loading')}</Text>
      ) : !entries?.length ? (
        <Text c="dimmed">{t('crates.noEntries')}</Text>
      ) : (
        <Stack gap="xs">
          {entries.map((e) => (
            <Paper key={e.id} withBorder p="sm" radius="md" data-testid="stock-entry">
              <Group justify="space-between" gap="xs" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0, flex: '1 1 200px' }}>
                  <Text fw={600} c={e.quantity < 0 ? 'red.9' : 'green.8'}>
                    {stockEntryText(e)}
                  </Text>
                  {e.reason && (
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {e.reason}
                    </Text>
                  )}
                </Stack>
                <Text size="xs" c="dimmed">
                  {formatDateTime(e.occurredAt as string)}
                  {e.createdByName ? ` · ${e.createdByName}` : ''}
                </Text>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Card>
  );
}
