// The one money field: rates, prices and quotes in rand. The phone's decimal keypad;
// '1,50' (the South African decimal comma) is read as well as '1.50', by the one parser (parseRand in
// src/shared/money.ts), and what was typed is never rewritten. Under the field, the amount it reads as,
// in en-ZA rand ('R 1 234.50'), so a comma taken as the decimal mark is plain to see before saving.
import { TextInput, type TextInputProps } from '@mantine/core';
import { formatRand, parseRand } from '../../shared/money.ts';
import { useT } from '../lib/i18n/use-t.ts';

export type MoneyInputProps = Omit<TextInputProps, 'value' | 'inputMode'> & { value?: string };

/** 'R 1.50' for what a person typed, or null while it is empty, not an amount, or not above zero. */
export function moneyReading(typed: string | undefined): string | null {
  if (!typed?.trim()) return null;
  const cents = parseRand(typed);
  return cents !== null && cents > 0 ? formatRand(cents) : null;
}

export function MoneyInput({ description, value, ...props }: MoneyInputProps) {
  const t = useT();
  const reading = moneyReading(value);
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      value={value}
      description={
        description || reading ? (
          <>
            {description}
            {reading && (
              <span data-testid="money-reading" style={{ display: 'block' }}>
                {t('components.readsAs', { amount: reading })}
              </span>
            )}
          </>
        ) : undefined
      }
      {...props}
    />
  );
}
