// The count dialog behind 'Acknowledge Receipt': the recipient counts the crates and confirms the
// actual quantity (spec §4, §5), prefilled with the quantity sent. What was typed stays as typed: an
// invalid count shows the spec's message and nothing is sent. Returned empties with damaged crates,
// once booked, are followed by the step for their photo (decision 056), as a client's return is.
// Its parts: the damaged crates' fields (damaged-crates.tsx), the note on a difference
// (count-difference.tsx) and the sending (use-send-count.ts). Opened from the scan screen (decision 073)
// it starts from the scanned stacks' crates, names the stacks not scanned, and sends the stacks too.
import { Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { countDifferenceWarning, isBigCountDifference } from '../../../../shared/counts.ts';
import { quantityLimit } from '../../../../shared/quantity-limits.ts';
import { cratesOnStacks, unscannedStacksOf } from '../../../../shared/stack-labels.ts';
import { transmissionMessages as m, maxCountFor, type Transmission } from '../../../../shared/transmissions.ts';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { KeepInputModal } from '../../../components/keep-input.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { translateEnglish } from '../../../lib/i18n/english-messages.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { CountDifference } from './count-difference.tsx';
import { DamagedCratesFields, useDamagedCrates } from './damaged-crates.tsx';
import { parseCount } from './parse-count.ts';
import { useSendCount } from './use-send-count.ts';

/** The crates counted as typed, checked against the server's bound, and asked once more when far off. */
function useCountedCrates(transmission: Transmission, stacks?: number[]) {
  const [text, setText] = useState<number | string>(() =>
    stacks ? cratesOnStacks(transmission.quantity, transmission.stackSize ?? 1, stacks) : transmission.quantity,
  );
  // A big difference asks once more (decision 061): the count it was asked for, until the count changes.
  const [askedFor, setAskedFor] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const count = parseCount(text);
  // The server's bound (docs/decisions/013): a request issues at most what was asked for. The field's
  // hint, check and message all name it (decision 061).
  const max = transmission.type === 'supplier_to_farm' ? transmission.quantity : maxCountFor(transmission.quantity);
  const limit = quantityLimit(0, max, m.countTooHigh);

  /** The count to book, or null with the field's message when it is not one. */
  const check = (): number | null => {
    const wrong = limit.check(text);
    if (count === null || wrong) {
      setError(wrong ?? m.invalidQuantity);
      return null;
    }
    return count;
  };
  /** True when `checked` is far from what was sent and has not been asked about yet: it asks now. */
  const askFirst = (checked: number) => {
    if (askedFor === checked || !isBigCountDifference(transmission.quantity, checked)) return false;
    setAskedFor(checked);
    return true;
  };
  const change = (value: number | string) => {
    setText(value);
    setError(null);
  };
  const asked = askedFor !== null && askedFor === count ? count : null;
  return { text, count, max, error: error ?? limit.check(text), check, askFirst, asked, change };
}

/** "<sender> sent <n crates>. Count what arrived and confirm the number.": what the dialog asks. */
function CountIntro({ transmission }: { transmission: Transmission }) {
  const t = useT();
  return (
    <Text size="sm">
      {t('transmissions.countIntroSent', { name: transmission.fromName })}{' '}
      <strong>{t('common.crates', { count: transmission.quantity })}</strong>
      {t('transmissions.countIntroConfirm')}
    </Text>
  );
}

/** The once-more question when the count `asked` about is far from the `sent` quantity (decision 061). */
function CountCheck({ sent, asked }: { sent: number; asked: number }) {
  const t = useT();
  return (
    <Alert color="red" variant="light" p="sm" role="alert" data-testid="count-check">
      {t('transmissions.countCheck', {
        warning: translateEnglish(countDifferenceWarning(sent, asked)),
        count: asked,
      })}
    </Alert>
  );
}

/** The stacks scanned, and each one that was not (it will be flagged): "Stack 3 of 3 (20 crates) not received". */
function ScannedStacks({ transmission, stacks }: { transmission: Transmission; stacks: number[] }) {
  const t = useT();
  const missing = unscannedStacksOf(transmission.quantity, transmission.stackSize, stacks);
  return (
    <Stack gap={4} data-testid="scanned-stacks">
      <Text size="sm" fw={600}>
        {t('transmissions.scannedStacksNote', { scanned: stacks.length, of: transmission.stackCount })}
      </Text>
      {missing.map((stack) => (
        <Text key={stack.stack} size="sm" c="red.8">
          {t('transmissions.stackNotReceived', { stack: stack.stack, of: stack.of, crates: stack.crates })}
        </Text>
      ))}
    </Stack>
  );
}

/** stacks: those the scan screen read (decision 073); none when counted by hand. */
type DialogProps = { transmission: Transmission; stacks?: number[]; onClose: () => void };

export function AcknowledgeDialog({ transmission, stacks, onClose }: DialogProps) {
  const t = useT();
  const counted = useCountedCrates(transmission, stacks);
  // Returned empties may hold damaged crates (decision 051): counted, then written off with a reason.
  const mayMarkDamaged = transmission.type === 'market_to_farm';
  const damage = useDamagedCrates();
  const { send, acknowledge, photoDialog } = useSendCount(transmission, onClose);

  const confirm = (event: React.FormEvent) => {
    event.preventDefault();
    const count = counted.check();
    if (count === null) return;
    const damaged = damage.check(count);
    if (damaged === null || counted.askFirst(count)) return;
    send(count, damaged, damage.reason.trim(), stacks);
  };

  if (photoDialog) return photoDialog;
  const { asked } = counted;
  return (
    <KeepInputModal onClose={onClose} title={t('transmissions.countTitle')} centered>
      <form onSubmit={confirm} noValidate>
        <Stack>
          <CountIntro transmission={transmission} />
          {stacks && <ScannedStacks transmission={transmission} stacks={stacks} />}
          <QuantityInput
            label={t('transmissions.cratesCounted')}
            min={0}
            max={counted.max}
            hint
            value={counted.text}
            onChange={counted.change}
            error={counted.error && translateEnglish(counted.error)}
            data-autofocus
          />
          {mayMarkDamaged && <DamagedCratesFields damage={damage} />}
          <CountDifference sent={transmission.quantity} count={counted.count} />
          <FormError
            error={acknowledge.isError ? acknowledge.error : null}
            fallback={t('transmissions.acknowledgeFailed')}
          />
          {asked !== null && <CountCheck sent={transmission.quantity} asked={asked} />}
          <FormActions
            onCancel={onClose}
            submitLabel={
              asked !== null ? t('transmissions.yesCount', { count: asked }) : t('transmissions.confirmCount')
            }
            loading={acknowledge.isPending}
          />
        </Stack>
      </form>
    </KeepInputModal>
  );
}
