import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BILLING_RATE_PLACEHOLDER,
  centsToDecimal,
  decimalToCents,
  FALLBACK_PRICE_CENTS,
  formatRand,
  formatRandDecimal,
  MISSING_AMOUNT,
  parseRand,
  rateTimesCrates,
  SAMPLE_RATE_PER_CRATE,
} from './money.ts';

const nbsp = '\u00a0';
const normal = (s: string) => s.replaceAll(nbsp, ' ');

describe('formatRand', () => {
  it('shows cents as rand with two decimals, a point and grouped thousands (DESIGN §5)', () => {
    expect(normal(formatRand(123450))).toBe('R 1 234.50');
    expect(normal(formatRand(10000))).toBe('R 100.00');
    expect(normal(formatRand(5))).toBe('R 0.05');
    expect(normal(formatRand(0))).toBe('R 0.00');
    expect(normal(formatRand(10_000_000))).toBe('R 100 000.00');
    expect(normal(formatRand(123456789))).toBe('R 1 234 567.89');
    expect(normal(formatRand(-250))).toBe('-R 2.50');
  });

  it('keeps the spaces non-breaking so an amount never wraps', () => {
    expect(formatRand(123450)).toBe(`R${nbsp}1${nbsp}234.50`);
  });

  it('shows a missing amount as missing, never as the R100 fallback', () => {
    expect(formatRand(null)).toBe(MISSING_AMOUNT);
    expect(formatRand(undefined)).toBe(MISSING_AMOUNT);
    expect(formatRand(null)).not.toContain('100');
  });

  it('refuses a number that is not whole cents instead of rounding it', () => {
    expect(() => formatRand(Number.NaN)).toThrow(RangeError);
    expect(() => formatRand(12.5)).toThrow(RangeError);
    expect(() => formatRand(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('shows every whole number of cents exactly, even beyond what a float divides cleanly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        const shown = normal(formatRand(cents)).replace(/^R /, '').replaceAll(' ', '');
        expect(shown).toBe(centsToDecimal(cents));
      }),
    );
  });
});

describe('decimal strings', () => {
  it('reads the API decimal strings exactly', () => {
    expect(decimalToCents('0.35')).toBe(35);
    expect(decimalToCents('0.70')).toBe(70);
    expect(decimalToCents('1234.50')).toBe(123450);
    expect(decimalToCents('12')).toBe(1200);
    expect(decimalToCents('12.5')).toBe(1250);
    expect(decimalToCents('-3.05')).toBe(-305);
    expect(decimalToCents('-0.00')).toBe(0);
  });

  it('refuses what is not a plain decimal with at most two places', () => {
    for (const bad of ['', 'abc', '1.234', '1e3', '12.3.4', '.5', 'R 5', '1 000.00', 'NaN']) {
      expect(decimalToCents(bad)).toBeNull();
    }
  });

  it('round-trips every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(decimalToCents(centsToDecimal(cents))).toBe(cents);
      }),
    );
    expect(centsToDecimal(18550)).toBe('185.50');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-5)).toBe('-0.05');
  });

  it('formats a decimal string as rand and a missing or malformed one as missing', () => {
    expect(normal(formatRandDecimal('1234.50'))).toBe('R 1 234.50');
    expect(normal(formatRandDecimal('0.35'))).toBe('R 0.35');
    expect(formatRandDecimal(undefined)).toBe(MISSING_AMOUNT);
    expect(formatRandDecimal(null)).toBe(MISSING_AMOUNT);
    expect(formatRandDecimal('twelve')).toBe(MISSING_AMOUNT);
  });
});

describe('parseRand', () => {
  it('reads what a person types', () => {
    expect(parseRand('0.35')).toBe(35);
    expect(parseRand('185')).toBe(18500);
    expect(parseRand('185.5')).toBe(18550);
    expect(parseRand('185.')).toBe(18500);
    expect(parseRand('0,5')).toBe(50);
    expect(parseRand('R 1 234,50')).toBe(123450);
    expect(parseRand('R1 234.50')).toBe(123450);
    expect(parseRand(`R${nbsp}1${nbsp}234.50`)).toBe(123450);
    expect(parseRand('r 19.99')).toBe(1999);
    expect(parseRand(' 19.99 ')).toBe(1999);
    expect(parseRand('-5')).toBe(-500);
    expect(parseRand('-R 5')).toBe(-500);
    expect(parseRand('R -5')).toBe(-500);
  });

  it('takes the South African decimal comma as a point: "1,50" is R 1.50', () => {
    expect(parseRand('1,50')).toBe(150);
    expect(parseRand('1.50')).toBe(150);
    expect(parseRand('0,7')).toBe(70);
    expect(parseRand('185,00')).toBe(18500);
    // Never guessed at: two marks, or a comma then three digits, are refused.
    for (const bad of ['1,5,0', '1.234,5', '1,50.0', '1.5,0', '1,500']) expect(parseRand(bad), bad).toBeNull();
  });

  it('refuses what is not an amount, and what could mean two amounts', () => {
    for (const bad of [
      '',
      ' ',
      'R',
      'abc',
      '1.234',
      '1,234',
      '1e3',
      '12.3.4',
      '.5',
      '1.2.3',
      '--5',
      '5R',
      '1,234.50',
    ]) {
      expect(parseRand(bad)).toBeNull();
    }
  });

  it('reads back what formatRand shows', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(parseRand(formatRand(cents))).toBe(cents);
        expect(parseRand(centsToDecimal(cents))).toBe(cents);
      }),
    );
  });
});

describe('rates and spec constants', () => {
  it('multiplies a rate per crate exactly', () => {
    expect(rateTimesCrates('0.35', 120)).toBe(4200);
    expect(rateTimesCrates('0.70', 3)).toBe(210);
    // 0.1 + 0.2 style drift cannot happen: 0.35 × 3 is 105 cents, not 104.99999.
    expect(rateTimesCrates('0.35', 3)).toBe(105);
    expect(() => rateTimesCrates('abc', 3)).toThrow(RangeError);
    expect(() => rateTimesCrates('0.35', 1.5)).toThrow(RangeError);
  });

  it('keeps the spec §9 fallbacks', () => {
    expect(FALLBACK_PRICE_CENTS).toBe(10_000);
    expect(decimalToCents(SAMPLE_RATE_PER_CRATE)).toBe(35);
    expect(decimalToCents(BILLING_RATE_PLACEHOLDER)).toBe(70);
  });
});
