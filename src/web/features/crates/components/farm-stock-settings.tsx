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
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
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
import { QuantityInput, quantityRange } from '../../../components/quantity-input.tsx';
import { useFarmStoreMe } from '../../../lib/api/get-farm-store-me.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { crates, formatDateTime } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAdjustStock, useEnterOpeningBalance, useStockEntries } from '../api/stock-adjustments.ts';

export const OPENING_STOCK_REASON = 'Opening stock';
const ADJUST_FAILED = 'Failed to update farm stock';
const OPENING_FAILED = 'Failed to save the opening balance';

// The form asks for a count and a direction (add or write off), so the count itself is 1 or more;
// the sign is added on sending and the server's schema (stockAdjustmentBody) checks the signed value.
const adjustCountMessage = `Enter a whole number of crates, ${quantityRange(1, STOCK_ADJUSTMENT_MAX)}`;
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
  const entries = useStockEntries();
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <StockAdjustmentCard isFirst={entries.data?.length === 0} />
        <OpeningBalanceCard />
      </SimpleGrid>
      <StockHistory entries={entries.data} isPending={entries.isPending} />
      <ExportDownload kinds={['ledger']} title="The crate ledger as CSV" />
    </Stack>
  );
}

type AdjustValues = { direction: 'add' | 'remove'; quantity: number | string; reason: string };

// Long: the stock adjustment form's layout (first stock or an adjustment, reason, count); the ledger rules are the server's.
function StockAdjustmentCard({ isFirst }: { isFirst: boolean }) {
  const me = useFarmStoreMe();
  const adjust = useAdjustStock();
  const form = useForm<AdjustValues>({
    initialValues: { direction: 'add', quantity: '', reason: '' },
    validate: schemaResolver(adjustForm, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const quantity = Number(values.quantity) * (values.direction === 'remove' ? -1 : 1);
    adjust.mutate(
      { quantity, reason: values.reason.trim() },
      {
        onSuccess: ({ stock }) => {
          notifySuccess(`Farm stock is now ${crates(stock)}`, 'Stock updated');
          form.reset();
        },
        onError: (error) => notifyError(errorMessage(error, ADJUST_FAILED)),
      },
    );
  });

  return (
    <Card withBorder radius="md" p="lg">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          Farm Stock
        </Title>
        {me.data && (
          <Text fw={700} data-testid="farm-stock">
            {crates(me.data.stock)} in stock
          </Text>
        )}
      </Group>
      {isFirst && (
        <Alert variant="light" color="blue" p="sm" mb="sm">
          Start with your opening stock: the crates the farm holds today, with the reason "{OPENING_STOCK_REASON}".
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label="Adjust farm stock">
        <Stack>
          <SegmentedControl
            aria-label="Add or write off crates"
            data={[
              { value: 'add', label: 'Add crates' },
              { value: 'remove', label: 'Write off crates' },
            ]}
            {...form.getInputProps('direction')}
          />
          <QuantityInput
            label={form.values.direction === 'add' ? 'Crates to add' : 'Crates to write off'}
            min={1}
            withAsterisk
            {...form.getInputProps('quantity')}
          />
          <TextInput
            label="Reason"
            placeholder={isFirst ? OPENING_STOCK_REASON : 'e.g. 200 crates bought, or damaged crates'}
            withAsterisk
            {...form.getInputProps('reason')}
          />
          <FormError error={adjust.isError ? adjust.error : null} fallback={ADJUST_FAILED} />
          <Button
            type="submit"
            loading={adjust.isPending}
            color={form.values.direction === 'remove' ? 'red' : undefined}
          >
            {form.values.direction === 'add' ? 'Add to Stock' : 'Write Off'}
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
  const enter = useEnterOpeningBalance();
  const form = useForm<OpeningValues>({
    initialValues: { marketAgentId: null, fullCrates: 0, emptyCrates: 0, reason: '' },
    validate: schemaResolver(openingBalanceBody, { sync: true }),
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
          notifySuccess('Opening balance saved');
          form.reset();
        },
        onError: (error) => notifyError(errorMessage(error, OPENING_FAILED)),
      },
    );
  });

  return (
    <Card withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb={4}>
        Agent Opening Balance
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Moving from paper records: the crates an agent already holds. Entered once per agent.
      </Text>
      <form onSubmit={submit} noValidate aria-label="Agent opening balance">
        <Stack>
          <AgentSelect {...form.getInputProps('marketAgentId')} />
          <SimpleGrid cols={2} spacing="sm">
            <QuantityInput label="Full crates" min={0} {...form.getInputProps('fullCrates')} />
            <QuantityInput label="Empty crates" min={0} {...form.getInputProps('emptyCrates')} />
          </SimpleGrid>
          <Textarea label="Note" placeholder="Optional" autosize minRows={1} {...form.getInputProps('reason')} />
          <FormError error={enter.isError ? enter.error : null} fallback={OPENING_FAILED} />
          <Button type="submit" loading={enter.isPending}>
            Save Opening Balance
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

/** "+500 crates · Farm stock", "−1 full crate · Thandi": a history row's change in the farm's words. */
export function stockEntryText(e: Pick<StockEntry, 'quantity' | 'holder' | 'agentName'>): string {
  const sign = e.quantity > 0 ? '+' : '−';
  const n = Math.abs(e.quantity);
  if (e.holder === 'farm') return `${sign}${crates(n)} · Farm stock`;
  return `${sign}${crates(n, e.holder === 'agent_full' ? 'full' : 'empty')} · ${e.agentName ?? 'Agent'}`;
}

function StockHistory({ entries, isPending }: { entries: StockEntry[] | undefined; isPending: boolean }) {
  return (
    <Card withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="sm">
        Stock History
      </Title>
      {isPending ? (
        <Text c="dimmed">Loading...</Text>
      ) : !entries?.length ? (
        <Text c="dimmed">No stock entries yet.</Text>
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
