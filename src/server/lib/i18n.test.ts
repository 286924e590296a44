// The server's translator (decision 065): one per language from the catalogues, English key by key
// where a language lacks a message, and dates and months in the reader's words.
import { describe, expect, it } from 'vitest';
import { formatDateIn, formatMonthIn, translatorFor } from './i18n.ts';

describe('translatorFor', () => {
  it('is one translator per language; an unknown language is English', () => {
    expect(translatorFor('af')).toBe(translatorFor('af'));
    expect(translatorFor('xx').language).toBe('en');
    expect(translatorFor(null).language).toBe('en');
  });

  it('says the same English as before, and each language its own words with plurals', () => {
    expect(translatorFor('en').t('mail.crates', { count: 1 })).toBe('1 crate');
    expect(translatorFor('en').t('errors.serverError')).toBe('Something went wrong on our side. Please try again.');
    expect(translatorFor('af').t('mail.crates', { count: 2 })).toBe('2 kratte');
    expect(translatorFor('st').t('errors.notFound')).toBe('Ha e a fumanwa');
    expect(translatorFor('zu').t('mail.crates', { count: 0 })).toBe('ibhokisi elingu-0');
  });
});

describe('formatDateIn and formatMonthIn', () => {
  it("writes '29 Nov 2026' in English and the catalogue's months in the others", () => {
    expect(formatDateIn(translatorFor('en'), '2026-11-29')).toBe('29 Nov 2026');
    expect(formatDateIn(translatorFor('en'), new Date('2026-03-05T10:00:00Z'))).toBe('5 Mar 2026');
    expect(formatDateIn(translatorFor('af'), '2026-03-05')).toBe('5 Mrt. 2026');
    expect(formatDateIn(translatorFor('en'), '0099-01-02')).toBe('2 Jan 0099');
    expect(formatDateIn(translatorFor('en'), 'soon')).toBe('soon');
    expect(formatMonthIn(translatorFor('en'), '2026-11')).toBe('November 2026');
    expect(formatMonthIn(translatorFor('af'), '2026-03')).toBe('Maart 2026');
  });
});
