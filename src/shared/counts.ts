// Counts as the farm reads them: thousands grouped with a space (en-ZA), and "1 crate" but "2 crates".
// No zod, no React: the landing page, every screen and the server's texts can use it. The words are
// the English catalogue's (src/shared/i18n/en/); a screen says them with t() in the reader's language.

import commonEnglish from './i18n/en/common.json' with { type: 'json' };
import cratesEnglish from './i18n/en/crates.json' with { type: 'json' };
import { addEnglish, english } from './i18n/english.ts';

addEnglish({ common: commonEnglish, crates: cratesEnglish });

const countFormat = new Intl.NumberFormat('en-ZA');

/** 1234 → "1 234" (the space is non-breaking, as Intl gives it). */
export const formatCount = (n: number) => countFormat.format(n);

// The one place plurals are chosen (decision 061): Intl's rules for the user's language, English until
// the message catalogue names another.
const pluralRules = new Intl.PluralRules('en');

/** The word for n things: plural(1, 'crate') → 'crate', plural(2, 'crate') → 'crates'. */
export const plural = (n: number, one: string, many = `${one}s`) => (pluralRules.select(n) === 'one' ? one : many);

/** "1 crate", "0 crates", "1 234 crates"; an adjective goes between: crates(1, 'empty') → "1 empty crate". */
export const crates = (n: number, adjective?: 'full' | 'empty') =>
  english(adjective ? `crates.${adjective}` : 'common.crates', { count: n });

/**
 * A count that asks once more before it is booked (decision 061): 0 of a delivery that had crates, or
 * one more than a tenth away from what was sent. Normal counts stay one tap.
 */
export const isBigCountDifference = (sent: number, counted: number) =>
  sent > 0 && (counted === 0 || Math.abs(counted - sent) * 10 > sent);

/** What a big difference will do, said before the second tap: "30 sent, you counted 0: 30 crates will be flagged missing". */
export function countDifferenceWarning(sent: number, counted: number) {
  const difference = counted - sent;
  return difference < 0
    ? english('crates.countDifferenceMissing', { sent, counted, difference: -difference })
    : english('crates.countDifferenceOver', { sent, counted, difference });
}

/** A lend that asks once more (decision 061): more than half of the agent's full crates to one client. */
export const isBigLend = (quantity: number, fullCrates: number) => fullCrates > 0 && quantity * 2 > fullCrates;

/** What a form holds for a typed crate count: a number once the text is one, else the text ('' when empty). */
export type QuantityValue = number | string;

/**
 * A typed count as the form's schema reads it, the text itself never rewritten: '12' → 12, ' 7 ' → 7,
 * '007' → 7, '-3' → -3 and '2.5' → 2.5 (the schema says why not), anything else ('', '1e3', '2,5',
 * 'abc') stays text and the schema asks for a quantity.
 */
export function readQuantity(text: string): QuantityValue {
  const trimmed = text.trim();
  return /^[+-]?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : text;
}
