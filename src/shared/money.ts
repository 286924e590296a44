// Money in one place (DESIGN §5, spec §9): amounts are integer cents or exact decimal strings such as
// a billing rate "0.35" (SQL numeric(10,2)); this module converts between them, shows them as rand and
// reads what a person types — never through floating point. No zod here: the landing page imports it.

/** Whole cents. A float here is a bug: every function below refuses one rather than round it away. */
export type Cents = number;

/** Spec §9: the fallback price is 10000 cents (R100) per crate. Used only where the spec says so. */
export const FALLBACK_PRICE_CENTS: Cents = 10_000;
/** Spec §9: the sample crate billing rate the dashboards show until a billing cycle sets one. */
export const SAMPLE_RATE_PER_CRATE = '0.35';
/** Spec §5 and §9: the billing cycle form's rate placeholder (the real rate is set per cycle). */
export const BILLING_RATE_PLACEHOLDER = '0.70';

/** What a missing amount shows: a dash, never a made-up number (formatRand(null) once showed R100). */
export const MISSING_AMOUNT = '—';

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Money must be whole cents, got ${cents}`);
}

/** 123450 → "1234.50", −5 → "-0.05": cents as an exact decimal string (what numeric columns take). */
export function centsToDecimal(cents: Cents): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * An exact decimal string from the API ("1234.50", "0.35", "12", "-3.5") as cents, or null when it is
 * not a plain decimal with at most two places. Read as text, so "0.35" is 35 and not 34.999….
 */
export function decimalToCents(amount: string): Cents | null {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return match[1] && cents !== 0 ? -cents : cents;
}

const randFormat = new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR' });

/**
 * Cents as rand: 123450 → "R 1 234.50" (the spaces are non-breaking, as Intl gives them). en-ZA writes
 * a decimal comma; the farm's invoices use a point (DESIGN §5), so the decimal part is swapped. A
 * missing amount shows MISSING_AMOUNT; a number that is not whole cents throws (it is a bug to find).
 */
export function formatRand(cents: Cents | null | undefined): string {
  if (cents === null || cents === undefined) return MISSING_AMOUNT;
  // Formatted from the exact decimal string (Intl.NumberFormat v3), not from cents / 100.
  const exact = centsToDecimal(cents) as unknown as number;
  return randFormat
    .formatToParts(exact)
    .map((part) => (part.type === 'decimal' ? '.' : part.value))
    .join('');
}

/** A decimal string from the API ("1234.50") as rand; a missing or malformed one shows MISSING_AMOUNT. */
export function formatRandDecimal(amount: string | null | undefined): string {
  const cents = amount === null || amount === undefined ? null : decimalToCents(amount);
  return formatRand(cents);
}

/**
 * A rand amount typed by a person as cents, or null when it is not one: "185", "0.35", "185.5",
 * "R 1 234,50", "R1 234.50", "1 234.50", "-5". Spaces (also non-breaking) group thousands; the decimal
 * mark is a point or a comma with at most two digits after it. "1,234" (a comma then three digits) is
 * refused, since it could mean 1.234 or 1234: the person is asked again instead of being guessed at.
 */
export function parseRand(input: string): Cents | null {
  let text = input.trim().replace(/[\s\u00a0\u202f]/g, '');
  let negative = false;
  if (text.startsWith('-')) {
    negative = true;
    text = text.slice(1);
  }
  text = text.replace(/^R/i, '');
  if (!negative && text.startsWith('-')) {
    negative = true;
    text = text.slice(1);
  }
  const match = /^(\d+)(?:[.,](\d{0,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return negative && cents !== 0 ? -cents : cents;
}

/** The exact amount for a number of crates at a rate per crate ("0.35" × 120 → 4200 cents). */
export function rateTimesCrates(ratePerCrate: string, crates: number): Cents {
  const rate = decimalToCents(ratePerCrate);
  if (rate === null) throw new RangeError(`Not a rate per crate: ${ratePerCrate}`);
  if (!Number.isSafeInteger(crates)) throw new RangeError(`Crates must be a whole number, got ${crates}`);
  const cents = rate * crates;
  assertCents(cents);
  return cents;
}
