// Returned empties may hold damaged crates (decision 051): of the crates counted, those too damaged to
// use again are written off, with what is wrong with them. Their fields and checks, apart from the
// count dialog that shows them.
import { Textarea } from '@mantine/core';
import { useState } from 'react';
import { damageMessages } from '../../../../shared/damage.ts';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { translateEnglish } from '../../../lib/i18n/english-messages.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { parseCount } from './parse-count.ts';

export function useDamagedCrates() {
  const [text, setText] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);

  /** The damaged crates among `count` counted, or null (and the field's message) when they cannot be booked. */
  const check = (count: number): number | null => {
    const damaged = text === '' ? 0 : parseCount(text);
    if (damaged === null) {
      setError(damageMessages.damagedWhole);
      return null;
    }
    if (damaged > count) {
      setError(damageMessages.damagedTooMany(count));
      return null;
    }
    if (damaged > 0 && !reason.trim()) {
      setReasonError(damageMessages.reasonRequired);
      return null;
    }
    return damaged;
  };
  const changeText = (value: number | string) => {
    setText(value);
    setError(null);
  };
  const changeReason = (value: string) => {
    setReason(value);
    setReasonError(null);
  };
  return { text, reason, error, reasonError, check, changeText, changeReason };
}

export function DamagedCratesFields({ damage }: { damage: ReturnType<typeof useDamagedCrates> }) {
  const t = useT();
  return (
    <>
      <QuantityInput
        label={t('transmissions.damaged')}
        description={t('transmissions.damagedHelp')}
        min={0}
        value={damage.text}
        onChange={damage.changeText}
        error={damage.error && translateEnglish(damage.error)}
      />
      {damage.text !== '' && Number(damage.text) > 0 && (
        <Textarea
          label={t('transmissions.damageReason')}
          withAsterisk
          autosize
          minRows={2}
          value={damage.reason}
          onChange={(event) => damage.changeReason(event.currentTarget.value)}
          error={damage.reasonError && translateEnglish(damage.reasonError)}
        />
      )}
    </>
  );
}
