// The one crate quantity field. It never changes what a person typed: no
// clamping to min/max on blur, no dropping a minus sign or a decimal point. The form's schema says
// what is wrong (spec §5: 'Please enter quantity', the range) and the form sends nothing until it is.
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { translateEnglish } from '../lib/i18n/english-messages.ts';
import { t } from '../lib/i18n/language.ts';
import { useT } from '../lib/i18n/use-t.ts';

export type QuantityInputProps = Omit<
  NumberInputProps,
  'clampBehavior' | 'allowNegative' | 'allowDecimal' | 'min' | 'max' | 'thousandSeparator'
> & {
  /** The smallest count the field takes; the steppers stop here, typing does not. */
  min: number;
  /** The largest, if there is one; shown in the hint when `hint` is true. */
  max?: number;
  /** Adds "from min to max" (or "min or more") after the description. */
  hint?: boolean;
};

/** "1 to 400", "0 or more": the range a quantity field takes, as its hint says it. */
export const quantityRange = (min: number, max?: number) =>
  max === undefined ? t('components.quantityOrMore', { min }) : t('components.quantityRange', { min, max });

/**
 * Whole crates open the phone's number pad, not the decimal one: Mantine's NumberInput
 * writes inputmode="decimal" over any prop, so the attribute is set on the element once it exists
 * (React leaves it alone afterwards: the prop it renders never changes).
 */
const numericKeypad = (input: HTMLInputElement | null) => {
  input?.setAttribute('inputmode', 'numeric');
};

export function QuantityInput({ min, max, hint, description, ref, error, ...props }: QuantityInputProps) {
  useT(); // the hint follows the language
  const range = hint ? quantityRange(min, max) : undefined;
  const keypadRef = useMergedRef(numericKeypad, ref);
  return (
    <NumberInput
      min={min}
      max={max}
      step={1}
      clampBehavior="none"
      // '007' stays '007' when the field loses focus (the same count, but not ours to retype).
      trimLeadingZeroesOnBlur={false}
      allowNegative
      allowDecimal
      inputMode="numeric"
      // Digits only, as iOS reads it for its number pad; the form (noValidate) still shows its own message.
      pattern="[0-9]*"
      description={range && description ? `${description}, ${range}` : (description ?? range)}
      // A shared check's English message (the range, the spec's words) in the reader's language.
      error={typeof error === 'string' ? translateEnglish(error) : error}
      {...props}
      ref={keypadRef}
    />
  );
}

/**
 * A required count from 1 up to `max` with its range in the hint, bound to a @mantine/form field: the
 * count every crate form asks for (send, request, offer).
 */
export function CountInput({
  form,
  name,
  ...props
}: Omit<QuantityInputProps, 'min' | 'form' | 'name'> & {
  // biome-ignore lint/suspicious/noExplicitAny: any form with a count field
  form: { getInputProps: (path: any) => object };
  name: string;
}) {
  return <QuantityInput min={1} hint withAsterisk {...props} {...form.getInputProps(name)} />;
}
