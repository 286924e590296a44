// The server's words in a reader's language (decision 065): a translator per language over the four
// catalogues, and a refusal written in English said again in the caller's language.
import af from '../../shared/i18n/af/index.ts';
import en from '../../shared/i18n/en/index.ts';
import { addEnglish } from '../../shared/i18n/english.ts';
import { englishRecogniser } from '../../shared/i18n/english-text.ts';
import type { Language } from '../../shared/i18n/languages.ts';
import st from '../../shared/i18n/st/index.ts';
import { type Catalogue, createTranslator, flatten, type Translator } from '../../shared/i18n/translator.ts';
import zu from '../../shared/i18n/zu/index.ts';

const catalogues: Record<Language, Catalogue> = { en, zu, st, af };
// The server knows all its English, whichever module says a message first.
addEnglish(en);
const english = flatten(en);
const translators = new Map<Language, Translator>();

/** The translator for `language` (English where it has no message). */
export function translatorFor(language: Language): Translator {
  let translator = translators.get(language);
  if (!translator) {
    translator = createTranslator(language, language === 'en' ? english : flatten(catalogues[language]), english);
    translators.set(language, translator);
  }
  return translator;
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
