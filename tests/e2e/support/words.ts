// What the screens say in a language (decision 065): the catalogue's message for an English sentence,
// so a test names a button or heading in isiZulu without copying the translation.
import af from '../../../src/shared/i18n/af/index.ts';
import en from '../../../src/shared/i18n/en/index.ts';
import type { Language } from '../../../src/shared/i18n/languages.ts';
import { accent } from '../../../src/shared/i18n/pseudo.ts';
import st from '../../../src/shared/i18n/st/index.ts';
import { type Catalogue, createTranslator, flatten } from '../../../src/shared/i18n/translator.ts';
import zu from '../../../src/shared/i18n/zu/index.ts';

const catalogues: Record<Language, Catalogue> = { en, zu, st, af };
const english = flatten(en);

/** The key of an English message with no placeholders (the first, in catalogue order). */
function keyOf(sentence: string): string {
  for (const [key, message] of english) if (message === sentence) return key;
  throw new Error(`"${sentence}" is not an English message of the catalogue`);
}

/** `sentence` as the screens say it in `language`. */
export function say(language: Language, sentence: string, values?: Record<string, string | number>): string {
  return createTranslator(language, flatten(catalogues[language]), english).t(keyOf(sentence), values);
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` as the pseudo-locale shows it (accented, then padded): a pattern for a locator. */
export const pseudo = (text: string) => new RegExp(escapeRegex(accent(text)));

// Words of the screens' English that no name in the tests' farms holds: in the pseudo-locale every
// catalogue word is accented, so one of these left plain is a string outside the catalogue (or said
// with the server's English `crates()`), which an isiZulu agent would read in English.
const SCREEN_ENGLISH = new Set(
  (
    'the of and with from your you out ago days day week weeks crate crates client clients loan loans ' +
    'download sent received return returns returned empty full delivery deliveries cancel save close ' +
    'open total paid owed waiting pending count counted photo photos add lend send print labels scan ' +
    'stack stacks none yet not all more less than'
  ).split(' '),
);

/**
 * The lines a page shows in the pseudo-locale with plain English words in them (none, when every string
 * is in the catalogue), leaving out lines holding `typed`: what people wrote (notes), shown as written.
 */
export async function plainEnglish(page: import('@playwright/test').Page, typed: string[] = []): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => !typed.some((words) => line.includes(words)))
    .filter((line) => line.split(/[^A-Za-z]+/).some((word) => SCREEN_ENGLISH.has(word.toLowerCase())));
  return [...new Set(lines)];
}
