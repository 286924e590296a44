// The Transmissions screen's create form (spec §2, §5): the farm store picks an agent and a type;
// a market agent only returns empty crates to the farm (quantity and notes). Quantity 1–400 here,
// and for an agent never more than the empties it holds. A delivery may name its crates per labelled
// stack (decision 073); left empty, the farm's usual stack size applies.

import {
  Alert,
  Anchor,
  Button,
  Card,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  type TextInputProps,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { quantityLimit } from '../../../../shared/quantity-limits.ts';
import { STACK_SIZE_MAX } from '../../../../shared/stack-labels.ts';
import { farmSendForm, transmissionMessages as m, TRANSMISSIONS_FORM_MAX } from '../../../../shared/transmissions.ts';
import { paths, transmissionsSections } from '../../../app/paths.ts';
import { AgentSelect } from '../../../components/agent-select.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { FormCard } from '../../../components/section-card.tsx';
import { useAgentsForTransmission } from '../../../lib/api/get-agents-for-transmission.ts';
import { useMyAgent } from '../../../lib/api/get-my-agent.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { translatedResolver } from '../../../lib/i18n/form.ts';
import { t as translate } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useQueuedCrates } from '../../../lib/offline/status.ts';
import { useSectionInView } from '../../../lib/use-section-in-view.ts';
import { useCreateTransmission } from '../api/create-transmission.ts';
import { useSendEmpties } from '../api/send-empties.ts';
import { useUsualStackSize } from '../api/stack-size.ts';
import { emptiesMessage, returnLimit } from '../messages.ts';

const farmSchema = farmSendForm(TRANSMISSIONS_FORM_MAX);
const farmLimit = quantityLimit(1, TRANSMISSIONS_FORM_MAX);
const agentSchema = farmSchema.pick({ quantity: true, notes: true });

/** The agent's form: 1 to the smaller of 400 and its empties, said by the field's one limit (decision 061). */
const agentReturnSchema = (empties: number | undefined) =>
  empties === 0
    ? agentSchema
    : agentSchema.extend({
        quantity: z.number({ error: m.quantityRequired }).superRefine((quantity, ctx) => {
          const message = returnLimit(empties).check(quantity);
          if (message) ctx.addIssue({ code: 'custom', message });
        }),
      });

type FarmValues = {
  marketAgentId: number | null;
  type: 'farm_to_market' | 'market_to_farm';
  quantity: number | string;
  notes: string;
  /** Crates per labelled stack as typed; empty: the farm's usual size. */
  stackSize: string;
};

/** The typed stack size: undefined when empty (the usual size), else the number, or null when it is not one. */
function typedStackSize(text: string): number | undefined | null {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const size = /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return size >= 1 && size <= STACK_SIZE_MAX ? size : null;
}

/** The two ways the farm store's crates go, in the current language. */
export const farmTypeOptions = (t: (key: string) => string) => [
  { value: 'farm_to_market', label: t('transmissions.typeOptionSend') },
  { value: 'market_to_farm', label: t('transmissions.typeOptionCollect') },
];

/** Which way the crates go, with a line saying what that means for the agent. */
function TransmissionTypeField({ value, onChange }: { value: FarmValues['type']; onChange: (value: string) => void }) {
  const t = useT();
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id="transmission-type-label">
        {t('transmissions.typeLabel')}
      </Text>
      <SegmentedControl
        fullWidth
        orientation="vertical"
        aria-labelledby="transmission-type-label"
        data={farmTypeOptions(t)}
        value={value}
        onChange={onChange}
      />
      <Text size="xs" c="dimmed" mt={4}>
        {value === 'farm_to_market' ? t('transmissions.typeSendHelp') : t('transmissions.typeCollectHelp')}
      </Text>
    </div>
  );
}

/** What the farm store's form sends: to the agent's user, the quantity as a number, blank notes left out. */
const farmRequest = (values: FarmValues, toUserId: number | undefined) => ({
  type: values.type,
  marketAgentId: values.marketAgentId,
  toUserId,
  quantity: Number(values.quantity),
  notes: values.notes.trim() || undefined,
  ...(values.type === 'farm_to_market' && typedStackSize(values.stackSize)
    ? { stackSize: typedStackSize(values.stackSize) }
    : {}),
});

/** Crates per labelled stack (decision 073), showing the farm's usual size as its placeholder. */
function StackSizeField(props: TextInputProps) {
  const t = useT();
  const usual = useUsualStackSize().data?.stackSize;
  return (
    <TextInput
      label={t('transmissions.stackSizeField')}
      description={t('transmissions.stackSizeHelp')}
      inputMode="numeric"
      maxLength={6}
      placeholder={usual ? String(usual) : t('transmissions.optional')}
      {...props}
    />
  );
}

export function FarmCreateTransmissionForm() {
  const t = useT();
  const create = useCreateTransmission();
  const agents = useAgentsForTransmission();
  const form = useForm<FarmValues>({
    initialValues: { marketAgentId: null, type: 'farm_to_market', quantity: '', notes: '', stackSize: '' },
    validate: translatedResolver(farmSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    if (values.type === 'farm_to_market' && typedStackSize(values.stackSize) === null) {
      form.setFieldError('stackSize', translate('transmissions.stackSizeRange', { max: STACK_SIZE_MAX }));
      return;
    }
    const agent = agents.data?.find((a) => a.id === values.marketAgentId);
    create.mutate(farmRequest(values, agent?.userId), {
      onSuccess: () => {
        notifySuccess(translate('transmissions.created'));
        form.reset();
      },
      onError: (error) => notifyError(errorMessage(error, translate('transmissions.createFailed'))),
    });
  });
  const createFailed = create.isError ? create.error : null;

  return (
    <FormCard title={t('transmissions.newTitle')} label={t('transmissions.newLabel')} onSubmit={submit}>
      <AgentSelect {...form.getInputProps('marketAgentId')} />
      <TransmissionTypeField
        value={form.values.type}
        onChange={(type) => form.setFieldValue('type', type as FarmValues['type'])}
      />
      <QuantityInput
        label={t('transmissions.quantity')}
        description={t('transmissions.quantityCrates')}
        min={1}
        max={TRANSMISSIONS_FORM_MAX}
        hint
        withAsterisk
        {...form.getInputProps('quantity')}
        // Said as it is typed, from the field's one limit (decision 067).
        error={form.errors.quantity ?? farmLimit.check(form.values.quantity)}
      />
      {form.values.type === 'farm_to_market' && <StackSizeField {...form.getInputProps('stackSize')} />}
      <Textarea
        label={t('transmissions.notes')}
        placeholder={t('transmissions.optional')}
        autosize
        minRows={2}
        {...form.getInputProps('notes')}
      />
      <FormError error={createFailed} fallback={t('transmissions.createFailed')} />
      <Button type="submit" loading={create.isPending}>
        {t('transmissions.createButton')}
      </Button>
    </FormCard>
  );
}

/** Agents look for lending here; it lives on the Clients page. */
function LendingIsOnClientsPage() {
  const t = useT();
  return (
    <Alert color="blue" variant="light" p="sm">
      {t('transmissions.lendingIsOn')}{' '}
      <Anchor component={Link} to={paths.clients.href()}>
        {t('transmissions.clientsPage')}
      </Anchor>
      {t('transmissions.lendingHere')}
    </Alert>
  );
}

/** The failure text for the return form: a refusal because of the count is said with the fresh count. */
type FreshEmpties = () => Promise<number | undefined>; // i18n-ignore: a type, not text

function useReturnFailure(freshEmpties: FreshEmpties) {
  const [failure, setFailure] = useState<string | null>(null);
  const sayWhyItFailed = async (error: Error) => {
    // The server refuses more empties than the agent holds (409); its count may be newer than ours.
    const refusedForCount = error instanceof ApiError && error.status === 409;
    const fresh = refusedForCount ? await freshEmpties() : undefined;
    const reason = fresh === undefined ? null : emptiesMessage(fresh);
    const returnFailed = translate('transmissions.returnFailed');
    const text = reason ? `${returnFailed}. ${reason}` : errorMessage(error, returnFailed);
    setFailure(reason ?? (error instanceof ApiError ? (error.serverMessage ?? returnFailed) : returnFailed));
    notifyError(text);
  };
  return { failure, clearFailure: () => setFailure(null), sayWhyItFailed };
}

function EmptiesReady({ empties }: { empties: number | undefined }) {
  const t = useT();
  if (empties === undefined) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="empties-available">
      {t('transmissions.emptiesReady', { count: empties })}
    </Text>
  );
}

// Long: the form's layout (what is ready, what waits on the phone, count, notes), its checks the shared schema's.
export function AgentReturnForm() {
  const t = useT();
  const create = useSendEmpties();
  const me = useMyAgent();
  // Empties already on their way from this phone are not offered again (decision 036).
  const queued = useQueuedCrates('send-empties');
  const empties = me.data ? Math.max(0, me.data.emptyCrates - queued) : undefined;
  const card = useSectionInView<HTMLDivElement>(transmissionsSections.sendEmpties, me.data !== undefined);
  const { failure, clearFailure, sayWhyItFailed } = useReturnFailure(
    async () => (await me.refetch()).data?.emptyCrates,
  );
  const form = useForm<{ quantity: number | string; notes: string }>({
    initialValues: { quantity: '', notes: '' },
    validate: translatedResolver(agentReturnSchema(empties), { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    clearFailure();
    if (empties === 0) {
      notifyError(translate('transmissions.noEmptyCrates'));
      return;
    }
    create.mutate(
      { quantity: Number(values.quantity), notes: values.notes.trim() || undefined },
      {
        onSuccess: (sent) => {
          if (sent.queued) notifySuccess(translate('offline.queued'), translate('offline.waitingToSend'));
          else notifySuccess(translate('transmissions.created'));
          form.reset();
        },
        onError: sayWhyItFailed,
      },
    );
  });

  return (
    <Card
      withBorder
      radius="md"
      p="lg"
      id={transmissionsSections.sendEmpties}
      ref={card}
      style={{ scrollMarginTop: 72 }}
    >
      <Title order={2} size="h4" mb="sm">
        {t('transmissions.returnTitle')}
      </Title>
      <form onSubmit={submit} noValidate aria-label={t('transmissions.returnLabel')}>
        <Stack>
          <LendingIsOnClientsPage />
          <EmptiesReady empties={empties} />
          {queued > 0 && (
            <Text size="sm" fw={600} c="orange.9" data-testid="queued-note">
              {t('transmissions.emptiesQueued', { count: queued })}
            </Text>
          )}
          <QuantityInput
            label={t('transmissions.quantity')}
            description={t('transmissions.quantityEmpties')}
            min={1}
            max={returnLimit(empties).max}
            hint={empties !== 0}
            withAsterisk
            {...form.getInputProps('quantity')}
            // A negative, non-whole or too-big number is said as it is typed (decision 061).
            error={form.errors.quantity ?? (empties === 0 ? null : returnLimit(empties).check(form.values.quantity))}
          />
          <Textarea
            label={t('transmissions.notes')}
            placeholder={t('transmissions.optional')}
            autosize
            minRows={2}
            {...form.getInputProps('notes')}
          />
          <FormError message={failure} />
          <Button type="submit" loading={create.isPending}>
            {t('transmissions.sendEmptiesButton')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
