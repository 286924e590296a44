import { describe, expect, it } from 'vitest';
import {
  countDifferenceWarning,
  crates,
  formatCount,
  isBigCountDifference,
  isBigLend,
  plural,
  readQuantity,
} from './counts.ts';
import { english } from './i18n/english.ts';

const normal = (s: string) => s.replaceAll('\u00a0', ' ');

describe('counts', () => {
  it('says "1 crate" and "n crates"', () => {
    expect(crates(1)).toBe('1 crate');
    expect(crates(0)).toBe('0 crates');
    expect(crates(2)).toBe('2 crates');
    expect(crates(-1)).toBe('-1 crate');
    expect(normal(crates(1234))).toBe('1 234 crates');
  });

  it('puts an adjective before the noun', () => {
    expect(crates(1, 'empty')).toBe('1 empty crate');
    expect(crates(90, 'empty')).toBe('90 empty crates');
  });

  it('groups thousands and picks the word', () => {
    expect(normal(formatCount(1000000))).toBe('1 000 000');
    expect(plural(1, 'agent')).toBe('agent');
    expect(plural(3, 'agent')).toBe('agents');
    expect(plural(2, 'is', 'are')).toBe('are');
  });
});

describe('big mistakes ask once more (decision 061)', () => {
  it('a count of 0, or more than a tenth off what was sent', () => {
    expect(isBigCountDifference(30, 0)).toBe(true);
    expect(isBigCountDifference(30, 27)).toBe(false);
    expect(isBigCountDifference(30, 26)).toBe(true);
    expect(isBigCountDifference(30, 33)).toBe(false);
    expect(isBigCountDifference(30, 34)).toBe(true);
    expect(isBigCountDifference(30, 30)).toBe(false);
    expect(isBigCountDifference(0, 0)).toBe(false);
  });

  it('says what the count will do', () => {
    expect(countDifferenceWarning(30, 0)).toBe('30 sent, you counted 0: 30 crates will be flagged missing');
    expect(countDifferenceWarning(30, 29)).toBe('30 sent, you counted 29: 1 crate will be flagged missing');
    expect(countDifferenceWarning(30, 40)).toBe('30 sent, you counted 40: 10 crates more than sent will be flagged');
  });

  it('a lend of more than half the full crates', () => {
    expect(isBigLend(600, 640)).toBe(true);
    expect(isBigLend(320, 640)).toBe(false);
    expect(isBigLend(321, 640)).toBe(true);
    // What the lend dialog says before the second tap (crates.bigLendWarning, in the agent's language).
    const warning = (quantity: number, full: number, client: string) =>
      english('crates.bigLendWarning', { quantity, full, client, keep: full - quantity });
    expect(normal(warning(600, 640, 'Soweto Greens'))).toBe(
      'Lend 600 of your 640 full crates to Soweto Greens? You keep 40.',
    );
    expect(warning(1, 1, 'Ama')).toBe('Lend 1 of your 1 full crate to Ama? You keep 0.');
  });
});

describe('a typed count is read, never rewritten (decision 071)', () => {
  it('whole numbers, signs and decimals become numbers for the schema to judge', () => {
    expect(readQuantity('12')).toBe(12);
    expect(readQuantity(' 7 ')).toBe(7);
    expect(readQuantity('007')).toBe(7);
    expect(readQuantity('-3')).toBe(-3);
    expect(readQuantity('+4')).toBe(4);
    expect(readQuantity('2.5')).toBe(2.5);
  });
  it('anything else stays the text that was typed', () => {
    for (const text of ['', '  ', '1e3', '2,5', 'abc', '12a', '.5', '5.', '--1']) expect(readQuantity(text)).toBe(text);
  });
});
