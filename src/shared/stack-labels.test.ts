// The label codes and stack arithmetic of decision 073: a code round-trips, anything else is refused.
import { describe, expect, it } from 'vitest';
import {
  cratesOnStack,
  cratesOnStacks,
  parseStackCode,
  scannedStacksRefusal,
  stackCodeOf,
  stackCountOf,
  stackMessages,
  unscannedStacksOf,
} from './stack-labels.ts';

describe('label codes', () => {
  it('round-trip: a delivery note and a stack label', () => {
    expect(stackCodeOf(1234)).toBe('CK1:T1234');
    expect(stackCodeOf(1234, 2)).toBe('CK1:T1234:S2');
    expect(parseStackCode('CK1:T1234')).toEqual({ transmissionId: 1234, stack: null });
    expect(parseStackCode(' CK1:T1234:S2\n')).toEqual({ transmissionId: 1234, stack: 2 });
    expect(parseStackCode(stackCodeOf(2_147_483_647, 1000))).toEqual({ transmissionId: 2_147_483_647, stack: 1000 });
  });

  it('refuses what is not exactly one of ours', () => {
    for (const text of [
      '',
      'CK1',
      'CK1:T',
      'CK1:T0',
      'CK1:T012',
      'CK1:T12:S0',
      'CK1:T12:S',
      'CK1:T12:S01',
      'CK1:T12:S10000',
      'CK1:T12:S2:S3',
      'CK2:T12:S2',
      'ck1:t12:s2',
      'CK1:T-12',
      'CK1:T1.5',
      'CK1:T2147483648',
      'CK1:T99999999999',
      'https://example.com/CK1:T12',
      'CK1:T12 S2',
      'CK1:T12:S2;DROP',
    ]) {
      expect(parseStackCode(text), text).toBeNull();
    }
  });
});

describe('stacks of a delivery', () => {
  it('60 crates at 20 are three full stacks; 50 at 20 end with a stack of 10', () => {
    expect(stackCountOf(60, 20)).toBe(3);
    expect(stackCountOf(50, 20)).toBe(3);
    expect([1, 2, 3].map((s) => cratesOnStack(50, 20, s))).toEqual([20, 20, 10]);
    expect(cratesOnStacks(50, 20, [1, 3])).toBe(30);
    expect(stackCountOf(5, 20)).toBe(1);
    expect(stackCountOf(60, null)).toBe(0);
  });

  it('names the stacks not scanned, and refuses a stack out of range or scanned twice', () => {
    expect(unscannedStacksOf(60, 20, [1, 2])).toEqual([{ stack: 3, of: 3, crates: 20 }]);
    expect(stackMessages.notReceived(3, 3, 20)).toBe('Stack 3 of 3 (20 crates) not received');
    expect(scannedStacksRefusal(3, [1, 2])).toBeNull();
    expect(scannedStacksRefusal(3, [])).toBeNull();
    expect(scannedStacksRefusal(3, [4])).toBe(stackMessages.notAStack(4, 3));
    expect(scannedStacksRefusal(3, [0])).toBe(stackMessages.notAStack(0, 3));
    expect(scannedStacksRefusal(3, [2, 2])).toBe(stackMessages.scannedTwice(2));
    expect(scannedStacksRefusal(0, [1])).toBe(stackMessages.noStacks);
  });
});
