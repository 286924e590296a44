// The damaged part of a client's return (decision 051), on both return dialogs — the Clients
// screen's Return Crates and the dashboard's "Return from …": how many of the crates handed back are
// too damaged to use again and what is wrong with them, and what the step that offers a photo of them
// shows once the return is booked (decision 056).
import { Textarea } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { z } from 'zod';
import { damagedQuantity } from '../../../../shared/damage.ts';
import { possessive } from '../../../../shared/words.ts';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { t as tr } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';

/** The form's two damage fields; an empty count means none damaged (the body's rule checks the rest). */
export const damageFormFields = {
  damagedQuantity: z.preprocess((x) => (x === '' ? undefined : x), damagedQuantity.optional()),
  damageReason: z.string().optional(),
};

/** The two values as the return's body takes them: none when the count is empty. */
export const damageBody = (values: { damagedQuantity: number | string; damageReason: string }) => ({
  damagedQuantity: values.damagedQuantity === '' ? undefined : Number(values.damagedQuantity),
  damageReason: values.damageReason.trim() || undefined,
});

export function DamageFields({
  inputProps,
  damaged,
}: {
  inputProps: (field: 'damagedQuantity' | 'damageReason') => GetInputPropsReturnType;
  /** The damaged count as typed: the reason is asked for once it is above 0. */
  damaged: number | string;
}) {
  const t = useT();
  return (
    <>
      <QuantityInput
        label={t('clients.damaged')}
        description={t('clients.damagedDescription')}
        min={0}
        {...inputProps('damagedQuantity')}
      />
      {Number(damaged) > 0 && (
        <Textarea label={t('clients.damageReason')} withAsterisk autosize minRows={2} {...inputProps('damageReason')} />
      )}
    </>
  );
}

/** The photo step after a client's return with damaged crates: what to show for the loan. */
export const returnPhotoStep = (loanId: number, who: string) => {
  // English says "Thandi’s"; the other languages place the name themselves.
  const values = { who, whose: possessive(who) };
  return {
    record: { recordKind: 'client-transaction' as const, recordId: loanId },
    subject: tr('clients.photoSubject', values),
    intro: tr('clients.photoIntro', values),
    queuedIntro: tr('clients.photoQueuedIntro', values),
  };
};
