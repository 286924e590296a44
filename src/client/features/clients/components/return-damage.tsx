// The damaged part of a client's return (issue 27, decision 051), on both return dialogs — the Clients
// screen's Return Crates and the dashboard's "Return from …": how many of the crates handed back are
// too damaged to use again and what is wrong with them, then, once the return is booked (not only
// kept on the phone), the step that offers a photo of them (decision 056).
import { Textarea } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useState } from 'react';
import { z } from 'zod';
import { damagedQuantity } from '../../../../shared/damage.ts';
import { DamagePhotoDialog, useDamagePhotoStep } from '../../../components/damage-photo-step.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';

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
  return (
    <>
      <QuantityInput
        label="Damaged"
        description="Of those, crates too damaged to use again (written off)"
        min={0}
        {...inputProps('damagedQuantity')}
      />
      {Number(damaged) > 0 && (
        <Textarea label="What is wrong with them" withAsterisk autosize minRows={2} {...inputProps('damageReason')} />
      )}
    </>
  );
}

/**
 * After a return: `booked(loan, who, damaged, queued)` says whether the photo step follows (damaged
 * crates on a return the server has booked, and an app that offers the step); `dialog` is that step.
 */
export function useReturnPhotoStep(onClose: () => void) {
  const photoStep = useDamagePhotoStep();
  const [damagedOn, setDamagedOn] = useState<{ loanId: number; who: string } | null>(null);
  const booked = (loanId: number, who: string, damaged: number, queued: boolean) => {
    if (queued || !photoStep || damaged <= 0) return false;
    setDamagedOn({ loanId, who });
    return true;
  };
  const dialog = damagedOn && (
    <DamagePhotoDialog
      record={{ recordKind: 'client-transaction', recordId: damagedOn.loanId }}
      subject={`${damagedOn.who}’s damaged crates`}
      intro={`The return is booked. Add a photo of ${damagedOn.who}’s damaged crates, or close.`}
      onClose={onClose}
    />
  );
  return { booked, dialog };
}
