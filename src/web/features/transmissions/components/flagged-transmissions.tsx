// The farm store's open flagged differences: counts that did not match what was sent. Each is
// resolved once with a note — the loss accepted, or crates found after all.
import { Badge, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { z } from 'zod';
import {
  resolveTransmissionBody,
  type Transmission,
  transmissionTypeLabels,
} from '../../../../shared/transmissions.ts';
import { FormError } from '../../../components/form-error.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { crates, formatCount, fromNow } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useFlaggedTransmissions } from '../api/get-flagged-transmissions.ts';
import { useResolveTransmission } from '../api/resolve-transmission.ts';
import { TransmissionActionList } from './transmission-action-list.tsx';
import { countLabel } from './transmission-badges.tsx';
import { FlaggedExtra } from './transmission-extras.tsx';

// The form's empty number field is '' rather than absent.
const resolveForm = resolveTransmissionBody.extend({
  foundQuantity: z.union([z.literal(''), resolveTransmissionBody.shape.foundQuantity]),
  reverseQuantity: z.union([z.literal(''), resolveTransmissionBody.shape.reverseQuantity]),
});

export const FLAGGED_TITLE = 'Flagged Differences';
const RESOLVE_FAILED = 'Failed to resolve the difference';

export function FlaggedTransmissions() {
  const flagged = useFlaggedTransmissions();
  const [resolving, setResolving] = useState<Transmission | null>(null);
  const rows = flagged.data ?? [];
  if (rows.length === 0) return null;

  return (
    <Card withBorder radius="md" p="lg" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} size="h4">
          {FLAGGED_TITLE}
        </Title>
        <Badge color="red.9">{rows.length} open</Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        The counted quantity differed from the quantity sent. The difference sits on the write-off account until you
        resolve it.
      </Text>
      <TransmissionActionList
        transmissions={rows}
        testId="flagged-transmission"
        details={(t) => (
          <>
            <Text fw={600}>
              {t.fromName} → {t.toName}
            </Text>
            <Text size="sm">
              Sent {formatCount(t.quantity)}, counted {formatCount(t.actualQuantity ?? 0)} ·{' '}
              <Text span c="red.9" fw={600}>
                {countLabel(t)}
              </Text>
            </Text>
            <Text size="xs" c="dimmed">
              {transmissionTypeLabels[t.type]} · sent {fromNow(t.sentAt as string)}
            </Text>
            <FlaggedExtra transmission={t} />
          </>
        )}
        action={(t) =>
          t.canResolve && (
            <Button variant="light" color="red" onClick={() => setResolving(t)}>
              Resolve
            </Button>
          )
        }
      />
      {resolving && <ResolveDialog transmission={resolving} onClose={() => setResolving(null)} />}
    </Card>
  );
}

// Long: the resolve dialog's layout: the disputed counts, the decision and its note, the footer.
function ResolveDialog({ transmission: t, onClose }: { transmission: Transmission; onClose: () => void }) {
  const resolve = useResolveTransmission();
  const shortfall = t.difference !== null && t.difference < 0 ? -t.difference : 0;
  const over = t.difference !== null && t.difference > 0 ? t.difference : 0;
  const form = useForm<{ note: string; foundQuantity: number | string; reverseQuantity: number | string }>({
    initialValues: { note: '', foundQuantity: '', reverseQuantity: '' },
    validate: schemaResolver(resolveForm, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const found = values.foundQuantity === '' ? undefined : Number(values.foundQuantity);
    const reverse = values.reverseQuantity === '' ? undefined : Number(values.reverseQuantity);
    resolve.mutate(
      {
        id: t.id,
        note: values.note.trim(),
        ...(found ? { foundQuantity: found } : {}),
        ...(reverse ? { reverseQuantity: reverse } : {}),
      },
      {
        onSuccess: () => {
          notifySuccess(
            found
              ? `${crates(found)} booked as found`
              : reverse
                ? `${crates(reverse)} reversed`
                : 'Difference accepted',
          );
          onClose();
        },
        onError: (error) => notifyError(errorMessage(error, RESOLVE_FAILED)),
      },
    );
  });

  return (
    <Modal opened onClose={onClose} title="Resolve Flagged Difference" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            {t.fromName} → {t.toName}: sent {formatCount(t.quantity)}, counted {formatCount(t.actualQuantity ?? 0)}.
          </Text>
          <Textarea
            label="Note"
            description="What happened, e.g. two crates broken in transport"
            withAsterisk
            autosize
            minRows={2}
            data-autofocus
            {...form.getInputProps('note')}
          />
          {shortfall > 0 && (
            <QuantityInput
              label="Crates found"
              description={`Leave empty to accept the loss; up to ${crates(shortfall)} that did arrive after all`}
              min={0}
              max={shortfall}
              {...form.getInputProps('foundQuantity')}
            />
          )}
          {over > 0 && (
            <QuantityInput
              label="Crates to reverse"
              description={`Leave empty to accept the extra crates; up to ${crates(over)} counted too many (decision 013)`}
              min={0}
              max={over}
              {...form.getInputProps('reverseQuantity')}
            />
          )}
          <FormError error={resolve.isError ? resolve.error : null} fallback={RESOLVE_FAILED} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={resolve.isPending}>
              Resolve
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
