import { describe, expect, it } from 'vitest';
import { crates, formatCount, plural } from './counts.ts';

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
