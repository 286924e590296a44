import { describe, expect, it } from 'vitest';
import { crateAccount } from './crate-account.ts';

describe('crateAccount', () => {
  it('adds up: brought in − written off as damaged − short on counts = in circulation', () => {
    const a = crateAccount({ totalCrates: 527, writtenOff: 3, damagedWrittenOff: 20 });
    expect(a).toEqual({ broughtIn: 550, damaged: 20, damagedOnReturn: 0, shortOnCounts: 3, inCirculation: 527 });
    expect(a.broughtIn - a.damaged - a.shortOnCounts).toBe(a.inCirculation);
  });

  it('adds the crates marked damaged on returns to the damaged ones (decision 051)', () => {
    const a = crateAccount({ totalCrates: 100, writtenOff: 2, damagedWrittenOff: 5, damagedOnReturn: 3 });
    expect(a).toMatchObject({ broughtIn: 110, damaged: 8, damagedOnReturn: 3 });
  });

  it('counts crates found on a count (a negative difference) as more in circulation than brought in', () => {
    const a = crateAccount({ totalCrates: 105, writtenOff: -5, damagedWrittenOff: 0 });
    expect(a.broughtIn).toBe(100);
  });
});
