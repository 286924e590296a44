// Every crate quantity field's limit said once (decision 061): the hint under the field, the check of
// what was typed and the message come from here, so they name the same limit — the one the field
// really enforces. Negative and non-whole numbers get the spec's "Invalid Quantity: Please enter a
// valid quantity" verbatim; a number outside the limit says the limit. No zod, no React.
import { formatCount } from './counts.ts';
import { transmissionMessages } from './transmissions-labels.ts';

export const INVALID_QUANTITY = transmissionMessages.invalidQuantity;

export type QuantityLimit = {
  min: number;
  max: number;
  /** "1 to 90": the range as the field's hint says it. */
  hint: string;
  /** What is wrong with a typed value, or null when it is within the limit (blank is the form's own check). */
  check: (value: number | string) => string | null;
};

/** "Quantity must be between 1 and 90". */
export const rangeMessage = (min: number, max: number) =>
  `Quantity must be between ${formatCount(min)} and ${formatCount(max)}`;

/** A value as typed, as a number: null for blank or a half-typed "-"; NaN for anything not a number. */
function typedNumber(value: number | string): number | null {
  if (typeof value === 'number') return value;
  const text = value.trim();
  if (text === '' || text === '-') return null;
  return /^-?\d+(\.\d*)?$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * The limit of one field: `aboveMax` words a value above `max` when the field has its own reason
 * ("Only 90 empty crates available to return"); otherwise the range is said.
 */
export function quantityLimit(min: number, max: number, aboveMax?: (max: number) => string): QuantityLimit {
  return {
    min,
    max,
    hint: `${formatCount(min)} to ${formatCount(max)}`,
    check: (value) => {
      const n = typedNumber(value);
      if (n === null) return null;
      if (Number.isNaN(n) || !Number.isInteger(n) || n < 0) return INVALID_QUANTITY;
      if (n > max && aboveMax) return aboveMax(max);
      return n < min || n > max ? rangeMessage(min, max) : null;
    },
  };
}
