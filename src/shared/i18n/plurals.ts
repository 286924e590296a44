// Plural rules from FormatJS's CLDR data, the same on the server and in the browser (decision 065):
// Chromium's Intl has no isiZulu or Sesotho, and isiZulu says "one" for 0 where English says
// "other". A language's data module (plural-data/<lang>.ts) imports FormatJS's locale-data file,
// which (Intl having no __addLocaleData) leaves its rule on a global list; `pluralRulesFor` reads it.

type Rule = (n: number | string, ordinal?: boolean) => string;
type LocaleData = { locale: string; data: { fn: Rule } };

const registry = globalThis as { __FORMATJS_PLURALRULES_DATA__?: LocaleData[] };

/** What intl-messageformat asks of a PluralRules: `select`. */
export type PluralSelect = { select(n: number): Intl.LDMLPluralRule };

/** The rule for a language whose locale data was imported, or null. */
export function pluralRulesFor(language: string, options?: Intl.PluralRulesOptions): PluralSelect | null {
  const entry = registry.__FORMATJS_PLURALRULES_DATA__?.find((data) => data.locale === language);
  if (!entry) return null;
  const ordinal = options?.type === 'ordinal';
  return { select: (n: number) => entry.data.fn(n, ordinal) as Intl.LDMLPluralRule };
}
