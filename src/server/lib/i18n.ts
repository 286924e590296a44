// The server's words in a reader's language (decision 065): e-mails, PDFs and refusals are made with
// a translator for the reader's `users.language`, built from the same catalogues as the browser's,
// falling back to English key by key. One translator per language, made the first time it is asked.
// And a refusal written in English said again in the caller's language (plugins/languages.ts).
import af from '../../shared/i18n/af/index.ts';
import en from '../../shared/i18n/en/index.ts';
import { addEnglish } from '../../shared/i18n/english.ts';
import { englishRecogniser } from '../../shared/i18n/english-text.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../shared/i18n/languages.ts';
import st from '../../shared/i18n/st/index.ts';
import { type Catalogue, createTranslator, flatten, type Translator } from '../../shared/i18n/translator.ts';
import zu from '../../shared/i18n/zu/index.ts';

export type { Translator } from '../../shared/i18n/translator.ts';

const catalogues: Record<Language, Catalogue> = { en, zu, st, af };
const english = flatten(en);
// The server knows all its English, whichever module says a message first.
addEnglish(en);
const translators = new Map<Language, Translator>();

/** The translator for `language` (an unknown one, or none, is English). */
export function translatorFor(language: Language | string | null | undefined): Translator {
  const wanted: Language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const known = translators.get(wanted);
  if (known) return known;
  const made = createTranslator(wanted, wanted === 'en' ? english : flatten(catalogues[wanted]), english);
  translators.set(wanted, made);
  return made;
}

/** The months' short names in the translator's language (`dates.months`, space-separated). */
function monthNames(translator: Translator): string[] {
  return translator.t('dates.months').split(' ');
}

/**
 * A day as the reader says it: '2026-11-29' (or a Date, read in UTC) → '29 Nov 2026' in English,
 * '29 Nov. 2026' in Afrikaans. A day string is read from its text, never through Date parsing (which
 * takes the years 0–99 for 1900–1999); anything else is given back as it is.
 */
export function formatDateIn(translator: Translator, date: string | Date): string {
  const day = typeof date === 'string' ? date : date.toISOString().slice(0, 10);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const month = match ? monthNames(translator)[Number(match[2]) - 1] : undefined;
  if (!match || !month) return day;
  return `${Number(match[3])} ${month} ${match[1]}`;
}

/** A calendar month as the reader says it: '2026-11' → 'November 2026' in English (`mail.monthsLong`). */
export function formatMonthIn(translator: Translator, month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const name = match ? translator.t('mail.monthsLong').split(' ')[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
}

let recognise: ReturnType<typeof englishRecogniser> | null = null;

/** An English sentence of the catalogue said in `language`; any other text as it is. */
export function translateEnglish(text: string, language: Language): string {
  if (language === 'en') return text;
  recognise ??= englishRecogniser(english);
  const found = recognise(text);
  if (!found) return text;
  const translator = translatorFor(language);
  return translator.has(found.key) ? translator.t(found.key, found.values) : text;
}
