import { describe, expect, it } from 'vitest';
import { crateAccount } from './crate-account.ts';

describe('crateAccount', () => {
  it('adds up: brought in − written off as damaged − short on counts = in circulation', () => {
    const a = crateAccount({ totalCrates: 527, writtenOff: 3, damagedWrittenOff: 20 });
    expect(a).toEqual({ broughtIn: 550, damaged: 20, shortOnCounts: 3, inCirculation: 527 });
    expect(a.broughtIn - a.damaged - a.shortOnCounts).toBe(a.inCirculation);
  });

  it('counts crates found on a count (a negative difference) as more in circulation than brought in', () => {
    const a = crateAccount({ totalCrates: 105, writtenOff: -5, damagedWrittenOff: 0 });
    expect(a.broughtIn).toBe(100);
  });
});
