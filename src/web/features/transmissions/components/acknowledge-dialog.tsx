// The count dialog behind 'Acknowledge Receipt': the recipient counts the crates and confirms the
// actual quantity (spec §4, §5), prefilled with the quantity sent. What was typed stays as typed: an
// invalid count shows the spec's message and nothing is sent. Returned empties with damaged crates,
// once booked, are followed by the step for their photo (decision 056), as a client's return is.
import { Alert, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { countDifferenceWarning, isBigCountDifference } from '../../../../shared/counts.ts';
import { damageMessages } from '../../../../shared/damage.ts';
import { quantityLimit } from '../../../../shared/quantity-limits.ts';
import {
  acknowledgeBody,
  countText,
  transmissionMessages as m,
  maxCountFor,
  type Transmission,
} from '../../../../shared/transmissions.ts';
import { useDamagePhotoFollowUp } from '../../../components/damage-photo-step.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { KeepInputModal } from '../../../components/keep-input.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { crates, formatCount } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { QUEUED_MESSAGE } from '../../../lib/offline/send-or-queue.ts';
import { useAcknowledgeTransmission } from '../api/acknowledge-transmission.ts';
import { acknowledgedMessage } from '../messages.ts';

/** The counted quantity, or null when it is not a non-negative whole number. */
export function parseCount(value: number | string): number | null {
  if (typeof value === 'string') {
    if (value.trim() === '') return null;
    const typed = countText.safeParse(value);
    return typed.success ? typed.data : null;
  }
  const parsed = acknowledgeBody.safeParse({ actualQuantity: value });
  return parsed.success && typeof parsed.data?.actualQuantity === 'number' ? parsed.data.actualQuantity : null;
}

// Long: the count dialog's layout (what was sent, the count, a difference's reason, the footer).
export function AcknowledgeDialog({ transmission, onClose }: { transmission: Transmission; onClose: () => void }) {
  const acknowledge = useAcknowledgeTransmission();
  const [text, setText] = useState<number | string>(transmission.quantity);
  // A big difference asks once more (decision 061): the count it was asked for, until the count changes.
  const [askedFor, setAskedFor] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const count = parseCount(text);
  const difference = count === null ? null : count - transmission.quantity;
  // Returned empties may hold damaged crates (decision 051): counted, then written off with a reason.
  const mayMarkDamaged = transmission.type === 'market_to_farm';
  const [damagedText, setDamagedText] = useState<number | string>('');
  const [damageReason, setDamageReason] = useState('');
  const [damageError, setDamageError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  // Damaged crates counted (booked, or kept on the phone): the app offers a photo of them next (056, 061).
  const photoStep = useDamagePhotoFollowUp(onClose);

  // The server's bound (docs/decisions/013): a request issues at most what was asked for. The field's
  // hint, check and message all name it (decision 061).
  const max = transmission.type === 'supplier_to_farm' ? transmission.quantity : maxCountFor(transmission.quantity);
  const limit = quantityLimit(0, max, m.countTooHigh);

  const confirm = (event: React.FormEvent) => {
    event.preventDefault();
    const wrong = limit.check(text);
    if (count === null || wrong) {
      setError(wrong ?? m.invalidQuantity);
      return;
    }
    const damaged = damagedText === '' ? 0 : parseCount(damagedText);
    if (damaged === null) {
      setDamageError(damageMessages.damagedWhole);
      return;
    }
    if (damaged > count) {
      setDamageError(damageMessages.damagedTooMany(count));
      return;
    }
    if (damaged > 0 && !damageReason.trim()) {
      setReasonError(damageMessages.reasonRequired);
      return;
    }
    if (askedFor !== count && isBigCountDifference(transmission.quantity, count)) {
      setAskedFor(count);
      return;
    }
    acknowledge.mutate(
      {
        id: transmission.id,
        actualQuantity: count,
        from: transmission.fromName,
        ...(damaged > 0 ? { damagedQuantity: damaged, damageReason: damageReason.trim() } : {}),
      },
      {
        onSuccess: (sent) => {
          notifySuccess(
            sent.queued ? QUEUED_MESSAGE : acknowledgedMessage(transmission.quantity, count),
            sent.queued ? 'Waiting to send' : undefined,
          );
          const subject = `the damaged crates of ${transmission.fromName} → ${transmission.toName}`;
          const step = {
            record: { recordKind: 'transmission' as const, recordId: transmission.id },
            subject,
            intro: `The count is booked. Add a photo of ${subject}, or close.`,
            queuedIntro: `The count is saved on this phone. A photo of ${subject} added now waits with it and is sent right after it.`,
          };
          if (!photoStep.offer(step, damaged, sent)) onClose();
        },
        onError: (err) => notifyError(errorMessage(err, m.acknowledgeFailed)),
      },
    );
  };

  if (photoStep.dialog) return photoStep.dialog;
  return (
    <KeepInputModal onClose={onClose} title="Count and Acknowledge" centered>
      <form onSubmit={confirm} noValidate>
        <Stack>
          <Text size="sm">
            {transmission.fromName} sent <strong>{crates(transmission.quantity)}</strong>. Count what arrived and
            confirm the number.
          </Text>
          <QuantityInput
            label="Crates counted"
            min={0}
            max={max}
            hint
            value={text}
            onChange={(value) => {
              setText(value);
              setError(null);
            }}
            error={error ?? limit.check(text)}
            data-autofocus
          />
          {mayMarkDamaged && (
            <>
              <QuantityInput
                label="Damaged"
                description="Of the crates counted, those too damaged to use again (written off)"
                min={0}
                value={damagedText}
                onChange={(value) => {
                  setDamagedText(value);
                  setDamageError(null);
                }}
                error={damageError}
              />
              {damagedText !== '' && Number(damagedText) > 0 && (
                <Textarea
                  label="What is wrong with them"
                  withAsterisk
                  autosize
                  minRows={2}
                  value={damageReason}
                  onChange={(event) => {
                    setDamageReason(event.currentTarget.value);
                    setReasonError(null);
                  }}
                  error={reasonError}
                />
              )}
            </>
          )}
          {difference !== null && difference !== 0 && (
            <Alert color="orange" variant="light" p="sm">
              {difference < 0
                ? `${formatCount(-difference)} short of the ${formatCount(transmission.quantity)} sent.`
                : `${formatCount(difference)} more than the ${formatCount(transmission.quantity)} sent.`}{' '}
              The difference will be flagged for the farm store.
            </Alert>
          )}
          {difference === 0 && (
            <Text size="sm" c="green.8">
              Matches the quantity sent: the transmission will be verified.
            </Text>
          )}
          <FormError error={acknowledge.isError ? acknowledge.error : null} fallback={m.acknowledgeFailed} />
          {askedFor !== null && askedFor === count && (
            <Alert color="red" variant="light" p="sm" role="alert" data-testid="count-check">
              {countDifferenceWarning(transmission.quantity, count)}. Tap “Yes, count {formatCount(count)}” if that is
              right.
            </Alert>
          )}
          <FormActions
            onCancel={onClose}
            submitLabel={askedFor !== null && askedFor === count ? `Yes, count ${formatCount(count)}` : 'Confirm Count'}
            loading={acknowledge.isPending}
          />
        </Stack>
      </form>
    </KeepInputModal>
  );
}
