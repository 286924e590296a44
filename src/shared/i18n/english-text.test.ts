// Recognising an English sentence as its message (decision 065): exact texts, placeholders, numbers as
// the messages print them, plurals, and the most specific message first.
import { describe, expect, it } from 'vitest';
import { englishRecogniser } from './english-text.ts';
import { pickLanguage } from './languages.ts';

const recognise = englishRecogniser(
  new Map([
    ['a.saved', 'Client added successfully'],
    ['a.enough', 'Not enough full crates: you have {available}'],
    ['a.out', 'This loan has {count, plural, one {# crate} other {# crates}} out'],
    ['a.field', '{field} must be {choices}'],
    ['a.language', 'language must be {choices}'],
    ['a.only', '{message}'],
  ]),
);

describe('englishRecogniser', () => {
  it('knows a sentence without placeholders exactly', () => {
    expect(recognise('Client added successfully')).toEqual({ key: 'a.saved', values: {} });
    expect(recognise('Client added successfully!')).toBeNull();
  });

  it('takes back what was put in, numbers as numbers', () => {
    expect(recognise('Not enough full crates: you have 12')).toEqual({ key: 'a.enough', values: { available: 12 } });
  });

  it('reads a plural in either form, with the count grouped the en-ZA way', () => {
    expect(recognise('This loan has 1 crate out')).toEqual({ key: 'a.out', values: { count: 1 } });
    expect(recognise('This loan has 1\u00a0234 crates out')).toEqual({ key: 'a.out', values: { count: 1234 } });
  });

  it('prefers the message with more of its own words', () => {
    expect(recognise("language must be 'en' or 'zu'")?.key).toBe('a.language');
    expect(recognise("status must be 'a' or 'b'")).toEqual({
      key: 'a.field',
      values: { field: 'status', choices: "'a' or 'b'" },
    });
  });

  it('never matches a message that is only a placeholder', () => {
    expect(recognise('Anything at all')).toBeNull();
  });
});

describe('pickLanguage', () => {
  it('takes the first language the app speaks, by weight', () => {
    expect(pickLanguage('zu-ZA,en;q=0.8')).toBe('zu');
    expect(pickLanguage('fr-FR,fr;q=0.9,st;q=0.5,af;q=0.7')).toBe('af');
    expect(pickLanguage(['en-GB', 'af'])).toBe('en');
    expect(pickLanguage('de, st;q=0')).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
    expect(pickLanguage('')).toBe('en');
  });
});
