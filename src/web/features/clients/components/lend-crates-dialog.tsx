// Lend Crates (spec §2, §5): an active client and a quantity from 1 to the agent's full crates. A
// failure is said inside the dialog, never as a toast (spec §8).
import { Alert, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { z } from 'zod';
import { lendBody, clientMessages as m } from '../../../../shared/clients.ts';
import { isBigLend } from '../../../../shared/counts.ts';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { QuantityInput, type QuantityInputProps } from '../../../components/quantity-input.tsx';
import { RecordSelect } from '../../../components/record-select.tsx';
import { useMyAgent } from '../../../lib/api/get-my-agent.ts';
import { crates } from '../../../lib/format.ts';
import { translatedResolver } from '../../../lib/i18n/form.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { QUEUED_MESSAGE } from '../../../lib/offline/send-or-queue.ts';
import { useQueuedCrates } from '../../../lib/offline/status.ts';
import { useClients } from '../api/get-clients.ts';
import { useLendCrates } from '../api/lend-crates.ts';

type LendValues = { clientId: string | null; quantityBorrowed: number | string; notes: string };

/** The lend form's rule: the shared body, and once the agent's full crates are known, no more than those. */
export const lendFormSchema = (fullCrates: number | undefined) =>
  z
    .object({
      clientId: z.string({ error: m.clientRequired }).min(1, m.clientRequired),
      quantityBorrowed: lendBody.shape.quantityBorrowed,
      notes: lendBody.shape.notes,
    })
    .refine((v) => fullCrates === undefined || v.quantityBorrowed <= fullCrates, {
      message: m.notEnoughFullCrates(fullCrates ?? 0),
      path: ['quantityBorrowed'],
    });

// Long: the dialog's layout (client, stock line, quantity, notes, footer); the checks are the shared schema's.
export function LendCratesDialog({ clientId, onClose }: { clientId: number | null; onClose: () => void }) {
  const t = useT();
  const lend = useLendCrates();
  const clients = useClients();
  const me = useMyAgent();
  // Crates lent from this phone while offline are not offered again (decision 036).
  const queued = useQueuedCrates('lend');
  const full = me.data ? Math.max(0, me.data.fullCrates - queued) : undefined;
  const form = useForm<LendValues>({
    initialValues: { clientId: clientId === null ? null : String(clientId), quantityBorrowed: '', notes: '' },
    validate: translatedResolver(lendFormSchema(full), { sync: true }),
  });
  const bigLend = useBigLendCheck(full);
  const who = (id: string | null) =>
    clients.data?.find((c) => String(c.id) === id)?.businessName ?? t('clients.aClient');
  const submit = form.onSubmit((values) => {
    if (bigLend.stops(Number(values.quantityBorrowed), who(values.clientId))) return;
    lend.mutate(
      {
        clientId: Number(values.clientId),
        quantityBorrowed: Number(values.quantityBorrowed),
        notes: values.notes.trim() || undefined,
        who: who(values.clientId),
      },
      {
        onSuccess: (sent) => {
          if (sent.queued) notifySuccess(QUEUED_MESSAGE, t('clients.waitingToSend'));
          else notifySuccess(t('clients.lent'));
          onClose();
        },
      },
    );
  });
  const options = (clients.data ?? [])
    .filter((c) => c.canLend)
    .map((c) => ({ value: String(c.id), label: `${c.businessName} (${c.clientName})` }));

  return (
    <FormDialog
      title={t('clients.lendCratesTitle')}
      label={t('clients.lendForm')}
      onClose={onClose}
      onSubmit={submit}
      held={form.isDirty()}
    >
      <RecordSelect
        label={t('clients.client')}
        placeholder={t('clients.selectClient')}
        data={options}
        searchable
        nothingFoundMessage={t('clients.noActiveClient')}
        {...form.getInputProps('clientId')}
      />
      {full !== undefined && (
        <Text size="sm" c="dimmed" data-testid="full-crates-available">
          {t('clients.availableToLend', { crates: crates(full, 'full') })}
        </Text>
      )}
      <LendQuantityInput
        label={t('clients.quantity')}
        full={full}
        data-autofocus={clientId !== null ? true : undefined}
        {...form.getInputProps('quantityBorrowed')}
      />
      <Textarea
        label={t('clients.notes')}
        placeholder={t('clients.optional')}
        autosize
        minRows={2}
        {...form.getInputProps('notes')}
      />
      <FormError error={lend.isError ? lend.error : null} title={t('clients.lendFailed')} />
      {bigLend.alert(Number(form.values.quantityBorrowed), who(form.values.clientId))}
      <FormActions
        onCancel={onClose}
        submitLabel={bigLend.label(
          Number(form.values.quantityBorrowed),
          who(form.values.clientId),
          t('clients.lendCratesTitle'),
        )}
        loading={lend.isPending}
      />
    </FormDialog>
  );
}

/**
 * More than half the agent's full crates to one client asks once more (decision 061): the first tap
 * says what it would leave, the second (same count, same client) lends. Any change asks again.
 */
export function useBigLendCheck(full: number | undefined) {
  const t = useT();
  const [asked, setAsked] = useState<string | null>(null);
  const keyOf = (quantity: number, client: string) => `${quantity}:${client}`;
  const isAsked = (quantity: number, client: string) => asked === keyOf(quantity, client);
  return {
    /** True when this lend must stop for the question (the first tap). */
    stops: (quantity: number, client: string) => {
      if (full === undefined || !isBigLend(quantity, full) || isAsked(quantity, client)) return false;
      setAsked(keyOf(quantity, client));
      return true;
    },
    alert: (quantity: number, client: string) =>
      full !== undefined &&
      isAsked(quantity, client) && (
        <Alert color="red" variant="light" p="sm" role="alert" data-testid="lend-check">
          {t('crates.bigLendWarning', { quantity, full, client, keep: full - quantity })}{' '}
          {t('clients.bigLendConfirm', { quantity })}
        </Alert>
      ),
    label: (quantity: number, client: string, usual: string) =>
      isAsked(quantity, client) ? t('clients.yesLend', { quantity }) : usual,
  };
}

/** How many full crates to lend: 1 up to the agent's full crates, with that range in the hint once known. */
export function LendQuantityInput({
  full,
  ...props
}: Omit<QuantityInputProps, 'min' | 'max' | 'hint' | 'description'> & { full: number | undefined }) {
  const t = useT();
  return (
    <QuantityInput
      description={t('clients.fullCrates')}
      min={1}
      max={full}
      hint={full !== undefined && full > 0}
      withAsterisk
      {...props}
    />
  );
}
