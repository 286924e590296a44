// The Transmissions screen's create form (spec §2, §5): the farm store picks an agent and a type;
// a market agent only returns empty crates to the farm (quantity and notes). Quantity 1–400 here,
// and for an agent never more than the empties it holds.

import { Alert, Anchor, Button, Card, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { quantityLimit } from '../../../../shared/quantity-limits.ts';
import { farmSendForm, transmissionMessages as m, TRANSMISSIONS_FORM_MAX } from '../../../../shared/transmissions.ts';
import { paths, transmissionsSections } from '../../../app/paths.ts';
import { AgentSelect } from '../../../components/agent-select.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { FormCard } from '../../../components/section-card.tsx';
import { useAgentsForTransmission } from '../../../lib/api/get-agents-for-transmission.ts';
import { useMyAgent } from '../../../lib/api/get-my-agent.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { crates } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { QUEUED_MESSAGE } from '../../../lib/offline/send-or-queue.ts';
import { useQueuedCrates } from '../../../lib/offline/status.ts';
import { useSectionInView } from '../../../lib/use-section-in-view.ts';
import { useCreateTransmission } from '../api/create-transmission.ts';
import { useSendEmpties } from '../api/send-empties.ts';
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
};

export const farmTypeOptions = [
  { value: 'farm_to_market', label: 'Send full crates (Farm to Market)' },
  { value: 'market_to_farm', label: 'Collect empties (Market to Farm)' },
];

/** Which way the crates go, with a line saying what that means for the agent. */
function TransmissionTypeField({ value, onChange }: { value: FarmValues['type']; onChange: (value: string) => void }) {
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id="transmission-type-label">
        Transmission type
      </Text>
      <SegmentedControl
        fullWidth
        orientation="vertical"
        aria-labelledby="transmission-type-label"
        data={farmTypeOptions}
        value={value}
        onChange={onChange}
      />
      <Text size="xs" c="dimmed" mt={4}>
        {value === 'farm_to_market'
          ? 'Full crates leave the farm stock for the agent, who counts them on arrival.'
          : "The agent's empty crates come back to the farm; the agent confirms the count handed over."}
      </Text>
    </div>
  );
}

export function FarmCreateTransmissionForm() {
  const create = useCreateTransmission();
  const agents = useAgentsForTransmission();
  const form = useForm<FarmValues>({
    initialValues: { marketAgentId: null, type: 'farm_to_market', quantity: '', notes: '' },
    validate: schemaResolver(farmSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const agent = agents.data?.find((a) => a.id === values.marketAgentId);
    create.mutate(
      {
        type: values.type,
        marketAgentId: values.marketAgentId,
        toUserId: agent?.userId,
        quantity: Number(values.quantity),
        notes: values.notes.trim() || undefined,
      },
      {
        onSuccess: () => {
          notifySuccess(m.created);
          form.reset();
        },
        onError: (error) => notifyError(errorMessage(error, m.createFailed)),
      },
    );
  });
  const createFailed = create.isError ? create.error : null;

  return (
    <FormCard title="New Transmission" label="New transmission" onSubmit={submit}>
      <AgentSelect {...form.getInputProps('marketAgentId')} />
      <TransmissionTypeField
        value={form.values.type}
        onChange={(type) => form.setFieldValue('type', type as FarmValues['type'])}
      />
      <QuantityInput
        label="Quantity"
        description="Crates"
        min={1}
        max={TRANSMISSIONS_FORM_MAX}
        hint
        withAsterisk
        {...form.getInputProps('quantity')}
        // Said as it is typed, from the field's one limit (decision 067).
        error={form.errors.quantity ?? farmLimit.check(form.values.quantity)}
      />
      <Textarea label="Notes" placeholder="Optional" autosize minRows={2} {...form.getInputProps('notes')} />
      <FormError error={createFailed} fallback={m.createFailed} />
      <Button type="submit" loading={create.isPending}>
        Create Transmission
      </Button>
    </FormCard>
  );
}

/** Agents look for lending here; it lives on the Clients page. */
function LendingIsOnClientsPage() {
  return (
    <Alert color="blue" variant="light" p="sm">
      Lending crates to your clients is done on the{' '}
      <Anchor component={Link} to={paths.clients.href()}>
        Clients page
      </Anchor>
      . Here you send empty crates back to the farm store.
    </Alert>
  );
}

/** The failure text for the return form: a refusal because of the count is said with the fresh count. */
function useReturnFailure(freshEmpties: () => Promise<number | undefined>) {
  const [failure, setFailure] = useState<string | null>(null);
  const sayWhyItFailed = async (error: Error) => {
    // The server refuses more empties than the agent holds (409); its count may be newer than ours.
    const refusedForCount = error instanceof ApiError && error.status === 409;
    const fresh = refusedForCount ? await freshEmpties() : undefined;
    const reason = fresh === undefined ? null : emptiesMessage(fresh);
    const text = reason ? `${m.returnFailed}. ${reason}` : errorMessage(error, m.returnFailed);
    setFailure(reason ?? (error instanceof ApiError ? (error.serverMessage ?? m.returnFailed) : m.returnFailed));
    notifyError(text);
  };
  return { failure, clearFailure: () => setFailure(null), sayWhyItFailed };
}

function EmptiesReady({ empties }: { empties: number | undefined }) {
  if (empties === undefined) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="empties-available">
      {crates(empties, 'empty')} ready to return
    </Text>
  );
}

// Long: the form's layout (what is ready, what waits on the phone, count, notes), its checks the shared schema's.
export function AgentReturnForm() {
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
    validate: schemaResolver(agentReturnSchema(empties), { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    clearFailure();
    if (empties === 0) {
      notifyError(m.noEmptyCrates);
      return;
    }
    create.mutate(
      { quantity: Number(values.quantity), notes: values.notes.trim() || undefined },
      {
        onSuccess: (sent) => {
          if (sent.queued) notifySuccess(QUEUED_MESSAGE, 'Waiting to send');
          else notifySuccess(m.created);
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
        Return Empty Crates to the Farm
      </Title>
      <form onSubmit={submit} noValidate aria-label="Return empty crates">
        <Stack>
          <LendingIsOnClientsPage />
          <EmptiesReady empties={empties} />
          {queued > 0 && (
            <Text size="sm" fw={600} c="orange.9" data-testid="queued-note">
              {crates(queued, 'empty')} on their way from this phone — waiting to send
            </Text>
          )}
          <QuantityInput
            label="Quantity"
            description="Empty crates"
            min={1}
            max={returnLimit(empties).max}
            hint={empties !== 0}
            withAsterisk
            {...form.getInputProps('quantity')}
            // A negative, non-whole or too-big number is said as it is typed (decision 061).
            error={form.errors.quantity ?? (empties === 0 ? null : returnLimit(empties).check(form.values.quantity))}
          />
          <Textarea label="Notes" placeholder="Optional" autosize minRows={2} {...form.getInputProps('notes')} />
          <FormError message={failure} />
          <Button type="submit" loading={create.isPending}>
            Send Empty Crates
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
