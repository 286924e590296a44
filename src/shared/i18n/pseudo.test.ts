import { describe, expect, it } from 'vitest';
import { accent, pseudoMessage } from './pseudo.ts';
import { createTranslator } from './translator.ts';

describe('the pseudo-locale', () => {
  const say = (message: string, values?: Record<string, number | string>) => {
    const messages = new Map([['k', pseudoMessage(message)]]);
    return createTranslator('en', messages, messages).t('k', values);
  };

  it('accents every letter and adds 40 % more length', () => {
    expect(say('Save')).toBe('Šàṽé ··');
    expect(say('Add First Client').length).toBeGreaterThanOrEqual(Math.ceil('Add First Client'.length * 1.4));
  });

  it('keeps placeholders, plurals and quoted characters working', () => {
    expect(say('Not enough full crates: you have {available}', { available: 3 })).toMatch(
      new RegExp(`^${accent('Not enough full crates: you have ')}3 ·+$`),
    );
    expect(say('{count, plural, one {# crate} other {# crates}} out', { count: 2 })).toMatch(/^2 çŕàţéš öûţ ·+$/);
    expect(say("Changed the farm's name")).toMatch(/^Çĥàñĝéð ţĥé ƒàŕɱ'š ñàɱé ·+$/);
  });
});
