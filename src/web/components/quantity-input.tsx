// The one crate quantity field. It never changes what a person typed: a plain text field with the
// phone's number pad, no clamping, no dropping a minus sign, a letter or a decimal point. The form gets
// a number when the text is one, and the text itself otherwise, so the form's schema says what is
// wrong (spec §5: 'Please enter quantity', the range, whole crates) and sends nothing until it is.
// Not Mantine's NumberInput: its formatting layer (react-number-format) now and then handed a value
// typed right after a picker closed back as '' — the count was lost and the form said "Please enter
// quantity" (decision 071).
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { type QuantityValue, readQuantity } from '../../shared/counts.ts';
import { translateEnglish } from '../lib/i18n/english-messages.ts';
import { t } from '../lib/i18n/language.ts';
import { useT } from '../lib/i18n/use-t.ts';

export type QuantityInputProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'min' | 'max'> & {
  /** The smallest count the field takes (for the hint; typing is never stopped). */
  min: number;
  /** The largest, if there is one; shown in the hint when `hint` is true. */
  max?: number;
  /** Adds "from min to max" (or "min or more") after the description. */
  hint?: boolean;
  value?: QuantityValue;
  onChange?: (value: QuantityValue) => void;
};

/** "1 to 400", "0 or more": the range a quantity field takes, as its hint says it. */
export const quantityRange = (min: number, max?: number) =>
  max === undefined ? t('components.quantityOrMore', { min }) : t('components.quantityRange', { min, max });

const asText = (value: QuantityValue | undefined) => (value === undefined ? '' : String(value));

export function QuantityInput({ min, max, hint, description, error, value, onChange, ...props }: QuantityInputProps) {
  useT(); // the hint follows the language
  const range = hint ? quantityRange(min, max) : undefined;
  // The text as typed ('007' stays '007' while the form holds 7). A value the form sets from outside
  // (a reset, a prefill) replaces it; the value this text was read as does not.
  const [text, setText] = useState(() => asText(value));
  const [seen, setSeen] = useState(value);
  if (!Object.is(value, seen)) {
    setSeen(value);
    if (!Object.is(value, readQuantity(text))) setText(asText(value));
  }
  return (
    <TextInput
      type="text"
      // Whole crates open the phone's number pad; digits only, as iOS reads it for its number pad (the
      // form is noValidate: its own message says what is wrong).
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="off"
      description={range && description ? `${description}, ${range}` : (description ?? range)}
      // A shared check's English message (the range, the spec's words) in the reader's language.
      error={typeof error === 'string' ? translateEnglish(error) : error}
      {...props}
      value={text}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        const read = readQuantity(typed);
        setText(typed);
        setSeen(read);
        onChange?.(read);
      }}
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
