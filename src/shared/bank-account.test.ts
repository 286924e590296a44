import { describe, expect, it } from 'vitest';
import { maskAccountNumber } from './bank-account.ts';

describe('maskAccountNumber', () => {
  it('keeps only the last four digits, whatever the spacing', () => {
    expect(maskAccountNumber('62001234567')).toBe('****4567');
    expect(maskAccountNumber('6200 1234 567')).toBe('****4567');
  });
  it('shows a short number as it is behind the mask, and nothing as null', () => {
    expect(maskAccountNumber('123')).toBe('****123');
    expect(maskAccountNumber('  ')).toBeNull();
    expect(maskAccountNumber(null)).toBeNull();
    expect(maskAccountNumber(undefined)).toBeNull();
  });
});
