import { describe, expect, it } from 'vitest';
import { possessive } from './words.ts';

describe('possessive (decision 061)', () => {
  it('adds ’s, or ’ alone after an s', () => {
    expect(possessive('Thandi')).toBe('Thandi’s');
    expect(possessive('Soweto Greens')).toBe('Soweto Greens’');
    expect(possessive('ALPHA VEG')).toBe('ALPHA VEG’s');
    expect(possessive('BOSS')).toBe('BOSS’');
  });
});
