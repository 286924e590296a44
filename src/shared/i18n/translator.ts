// One way to turn a message key into words (decision 065): ICU messages (FormatJS's
// intl-messageformat) from a language's catalogue, falling back key by key to English. Numbers are
// grouped the South African way in every language ("1 234"), plurals follow plurals.ts, so the
// server and the browser say the same thing. No React: the server's e-mails and refusals use it too.
import { IntlMessageFormat } from 'intl-messageformat';
import type { Language } from './languages.ts';
import { type PluralSelect, pluralRulesFor } from './plurals.ts';

/** A language's messages by namespace (a file in src/shared/i18n/<lang>/), then key; '@…' keys are notes. */
export type Catalogue = Record<string, Record<string, string>>;
export type MessageValues = Record<string, string | number>;

/** 'ns.key' → message, without the notes. */
export function flatten(catalogue: Catalogue): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [namespace, messages] of Object.entries(catalogue)) {
    for (const [key, message] of Object.entries(messages)) {
      if (!key.startsWith('@')) flat.set(`${namespace}.${key}`, message);
    }
  }
  return flat;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(options?: Intl.NumberFormatOptions) {
  const id = JSON.stringify(options ?? {});
  const known = numberFormats.get(id);
  if (known) return known;
  const format = new Intl.NumberFormat('en-ZA', options);
  numberFormats.set(id, format);
  return format;
}

export type Translator = {
  language: Language;
  /** The message for `key` in this language (English where it has none), with `values` put in. */
  t: (key: string, values?: MessageValues) => string;
  /** True when this language itself (not English) has the key. */
  has: (key: string) => boolean;
};

/** A translator over `messages` (this language's) and `english` (the fallback), both flattened. */
export function createTranslator(
  language: Language,
  messages: ReadonlyMap<string, string>,
  english: ReadonlyMap<string, string>,
  /** Told of a key neither has (the browser logs it, so an end-to-end test fails on it). */
  onMissing?: (key: string) => void,
): Translator {
  const compiled = new Map<string, IntlMessageFormat>();
  // intl-messageformat passes the message's own locale: English rules for an English fallback.
  const rules = (locale: string, options?: Intl.PluralRulesOptions): PluralSelect =>
    pluralRulesFor(locale, options) ?? new Intl.PluralRules(locale, options);
  const formatters = {
    getNumberFormat: (_locales: unknown, options?: Intl.NumberFormatOptions) => numberFormat(options),
    getDateTimeFormat: (_locales: unknown, options?: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-ZA', options),
    getPluralRules: (locales: string | string[], options?: Intl.PluralRulesOptions) =>
      rules([locales].flat()[0] ?? 'en', options) as Intl.PluralRules,
  };
  function format(key: string, values?: MessageValues) {
    const own = messages.get(key);
    const message = own ?? english.get(key);
    if (message === undefined) {
      onMissing?.(key);
      return key;
    }
    const id = `${own === undefined ? 'en' : language}:${key}`;
    let formatter = compiled.get(id);
    if (!formatter) {
      formatter = new IntlMessageFormat(message, own === undefined ? 'en' : language, undefined, {
        formatters: formatters as never,
        ignoreTag: true,
      });
      compiled.set(id, formatter);
    }
    return String(formatter.format(values));
  }
  return { language, t: format, has: (key) => messages.has(key) };
}
