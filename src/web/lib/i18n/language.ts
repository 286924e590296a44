// The browser's language (decision 065): which one, its catalogue, and `t`. English is in the
// bundle; another language is one request the first time (its catalogue and plural rule in one
// chunk), kept by the service worker for offline use. The choice follows the signed-in user
// (user.language); before sign-in, the one chosen on this device, else the browser's languages.
import appEnglish from '../../../shared/i18n/en/app.json' with { type: 'json' };
import authEnglish from '../../../shared/i18n/en/auth.json' with { type: 'json' };
import commonEnglish from '../../../shared/i18n/en/common.json' with { type: 'json' };
import componentsEnglish from '../../../shared/i18n/en/components.json' with { type: 'json' };
import datesEnglish from '../../../shared/i18n/en/dates.json' with { type: 'json' };
import errorsEnglish from '../../../shared/i18n/en/errors.json' with { type: 'json' };
import glossaryEnglish from '../../../shared/i18n/en/glossary.json' with { type: 'json' };
import landingEnglish from '../../../shared/i18n/en/landing.json' with { type: 'json' };
import languagesEnglish from '../../../shared/i18n/en/languages.json' with { type: 'json' };
import offlineEnglish from '../../../shared/i18n/en/offline.json' with { type: 'json' };
import { addEnglish, onEnglishAdded, englishMessages as registeredEnglish } from '../../../shared/i18n/english.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language, pickLanguage } from '../../../shared/i18n/languages.ts';
import { pseudoMessage } from '../../../shared/i18n/pseudo.ts';
import {
  type Catalogue,
  createTranslator,
  flatten,
  type MessageValues,
  type Translator,
} from '../../../shared/i18n/translator.ts';

/** Each language's chunk: the catalogue with its plural rule. */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalogue }>> = {
  zu: () => import('../../../shared/i18n/zu/index.ts'),
  st: () => import('../../../shared/i18n/st/index.ts'),
  af: () => import('../../../shared/i18n/af/index.ts'),
};

/** Where this device keeps a language chosen before sign-in. */
export const LANGUAGE_KEY = 'ck-language';

/** The e2e walk's pseudo-locale (src/shared/i18n/pseudo.ts): every language shows pseudo-English. */
export const PSEUDO_KEY = 'ck-pseudo';
function pseudoWanted() {
  try {
    return typeof window !== 'undefined' && window.localStorage.getItem(PSEUDO_KEY) === '1';
  } catch {
    return false;
  }
}
export const isPseudo = pseudoWanted();

// The English every page needs from its first paint: the frame, sign-in, the public pages, dates.
// The rest comes with the modules that use it (each shared label file registers its own) and, signed
// in, all at once (signed-in-app.tsx), so the landing page stays within its budget (decision 031).
addEnglish({
  app: appEnglish,
  auth: authEnglish,
  common: commonEnglish,
  components: componentsEnglish,
  dates: datesEnglish,
  errors: errorsEnglish,
  glossary: glossaryEnglish,
  landing: landingEnglish,
  languages: languagesEnglish,
  offline: offlineEnglish,
});

/** A key no catalogue registered here has: a programming error the screens must not hide. */
const missing = (key: string) => console.error(`No message ${key}: is its namespace registered?`);

/** The English the screens fall back to: the registered messages, or their pseudo-locale forms. */
const englishMessages: ReadonlyMap<string, string> = isPseudo ? pseudoCopy() : registeredEnglish;
function pseudoCopy() {
  const copy = new Map([...registeredEnglish].map(([key, message]) => [key, pseudoMessage(message)]));
  onEnglishAdded((added) => {
    for (const [key, message] of added) copy.set(key, pseudoMessage(message));
  });
  return copy;
}
let current: Translator = createTranslator(DEFAULT_LANGUAGE, englishMessages, englishMessages, missing);
const loaded = new Map<Language, Translator>([[DEFAULT_LANGUAGE, current]]);
const listeners = new Set<() => void>();
/** The language last asked for: a slower, earlier load must not win over it. */
let wanted: Language = DEFAULT_LANGUAGE;

/** The translator for `language`, its catalogue loaded first (a client's reminder is in the client's language). */
export async function translatorFor(language: Language): Promise<Translator> {
  const known = loaded.get(language);
  if (known) return known;
  const messages = language === 'en' || isPseudo ? englishMessages : flatten((await loaders[language]()).default);
  const translator = createTranslator(language, messages, englishMessages, missing);
  loaded.set(language, translator);
  return translator;
}

/** Shows the app in `language` once its catalogue is here; `<html lang>` follows. */
export async function switchLanguage(language: Language): Promise<void> {
  wanted = language;
  let translator: Translator;
  try {
    translator = await translatorFor(language);
  } catch {
    // Its chunk could not be fetched (no connection before the app was installed): the screens
    // stay in the language they are in, and the next switch asks again.
    return;
  }
  if (wanted !== language || current === translator) return;
  current = translator;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

/** The language this device starts in before it knows who is signed in. */
export function deviceLanguage(): Language {
  if (typeof window === 'undefined') return DEFAULT_LANGUAGE;
  let kept: string | null = null;
  try {
    kept = window.localStorage.getItem(LANGUAGE_KEY);
  } catch {
    // Storage refused (private mode): the browser's languages decide.
  }
  return isLanguage(kept) ? kept : pickLanguage(navigator.languages);
}

/** Keeps a choice made before sign-in on this device. */
export function keepDeviceLanguage(language: Language) {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Not kept: the choice still holds until the page closes.
  }
}

export const currentLanguage = () => current.language;
export const currentTranslator = () => current;

/** The message for `key` in the current language (for code outside components: toasts, errors). */
export const t = (key: string, values?: MessageValues) => current.t(key, values);

export function subscribeLanguage(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
