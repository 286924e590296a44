// The farm store's open flagged differences: counts that did not match what was sent. Each is
// resolved once with a note — the loss accepted, or crates found after all.
import { Badge, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { z } from 'zod';
import { resolveTransmissionBody, type Transmission } from '../../../../shared/transmissions.ts';
import { FormError } from '../../../components/form-error.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { fromNow } from '../../../lib/format.ts';
import { translatedResolver } from '../../../lib/i18n/form.ts';
import { t as translate } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useFlaggedTransmissions } from '../api/get-flagged-transmissions.ts';
import { useResolveTransmission } from '../api/resolve-transmission.ts';
import { TransmissionActionList } from './transmission-action-list.tsx';
import { countLabel, typeLabel } from './transmission-badges.tsx';
import { FlaggedExtra } from './transmission-extras.tsx';

// The form's empty number field is '' rather than absent.
const resolveForm = resolveTransmissionBody.extend({
  foundQuantity: z.union([z.literal(''), resolveTransmissionBody.shape.foundQuantity]),
  reverseQuantity: z.union([z.literal(''), resolveTransmissionBody.shape.reverseQuantity]),
});

export function FlaggedTransmissions() {
  const t = useT();
  const flagged = useFlaggedTransmissions();
  const [resolving, setResolving] = useState<Transmission | null>(null);
  const rows = flagged.data ?? [];
  if (rows.length === 0) return null;

  return (
    <Card withBorder radius="md" p="lg" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} size="h4">
          {t('transmissions.flaggedTitle')}
        </Title>
        <Badge color="red.9">{t('transmissions.openCount', { count: rows.length })}</Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('transmissions.flaggedIntro')}
      </Text>
      <TransmissionActionList
        transmissions={rows}
        testId="flagged-transmission"
        details={(row) => (
          <>
            <Text fw={600}>
              {row.fromName} → {row.toName}
            </Text>
            <Text size="sm">
              {t('transmissions.sentCounted', { sent: row.quantity, counted: row.actualQuantity ?? 0 })} ·{' '}
              <Text span c="red.9" fw={600}>
                {countLabel(row)}
              </Text>
            </Text>
            <Text size="xs" c="dimmed">
              {typeLabel(row.type)} · {t('transmissions.sentAgo', { ago: fromNow(row.sentAt as string) })}
            </Text>
            <FlaggedExtra transmission={row} />
          </>
        )}
        action={(row) =>
          row.canResolve && (
            <Button variant="light" color="red" onClick={() => setResolving(row)}>
              {t('transmissions.resolve')}
            </Button>
          )
        }
      />
      {resolving && <ResolveDialog transmission={resolving} onClose={() => setResolving(null)} />}
    </Card>
  );
}

// Long: the resolve dialog's layout: the disputed counts, the decision and its note, the footer.
function ResolveDialog({ transmission: tr, onClose }: { transmission: Transmission; onClose: () => void }) {
  const t = useT();
  const resolve = useResolveTransmission();
  const shortfall = tr.difference !== null && tr.difference < 0 ? -tr.difference : 0;
  const over = tr.difference !== null && tr.difference > 0 ? tr.difference : 0;
  const form = useForm<{ note: string; foundQuantity: number | string; reverseQuantity: number | string }>({
    initialValues: { note: '', foundQuantity: '', reverseQuantity: '' },
    validate: translatedResolver(resolveForm, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const found = values.foundQuantity === '' ? undefined : Number(values.foundQuantity);
    const reverse = values.reverseQuantity === '' ? undefined : Number(values.reverseQuantity);
    resolve.mutate(
      {
        id: tr.id,
        note: values.note.trim(),
        ...(found ? { foundQuantity: found } : {}),
        ...(reverse ? { reverseQuantity: reverse } : {}),
      },
      {
        onSuccess: () => {
          notifySuccess(
            found
              ? translate('transmissions.bookedFound', { count: found })
              : reverse
                ? translate('transmissions.reversed', { count: reverse })
                : translate('transmissions.differenceAccepted'),
          );
          onClose();
        },
        onError: (error) => notifyError(errorMessage(error, translate('transmissions.resolveFailed'))),
      },
    );
  });

  return (
    <Modal opened onClose={onClose} title={t('transmissions.resolveTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            {tr.fromName} → {tr.toName}:{' '}
            {t('transmissions.sentCountedLower', { sent: tr.quantity, counted: tr.actualQuantity ?? 0 })}
          </Text>
          <Textarea
            label={t('transmissions.note')}
            description={t('transmissions.noteHelp')}
            withAsterisk
            autosize
            minRows={2}
            data-autofocus
            {...form.getInputProps('note')}
          />
          {shortfall > 0 && (
            <QuantityInput
              label={t('transmissions.cratesFound')}
              description={t('transmissions.cratesFoundHelp', { count: shortfall })}
              min={0}
              max={shortfall}
              {...form.getInputProps('foundQuantity')}
            />
          )}
          {over > 0 && (
            <QuantityInput
              label={t('transmissions.cratesToReverse')}
              description={t('transmissions.cratesToReverseHelp', { count: over })}
              min={0}
              max={over}
              {...form.getInputProps('reverseQuantity')}
            />
          )}
          <FormError error={resolve.isError ? resolve.error : null} fallback={t('transmissions.resolveFailed')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={resolve.isPending}>
              {t('transmissions.resolve')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
