// The languages the app speaks (decision 065): English, the default and the spec's, and the market
// agents' isiZulu, Sesotho and Afrikaans. No zod, no React: the landing page and the server use it.

export const LANGUAGES = ['en', 'zu', 'st', 'af'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as the pickers show it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  zu: 'isiZulu',
  st: 'Sesotho',
  af: 'Afrikaans',
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The first of the reader's languages the app speaks, from an Accept-Language header or the
 * browser's `navigator.languages`: "zu-ZA,en;q=0.8" → 'zu'. Weights are honoured; English otherwise.
 */
export function pickLanguage(wanted: string | readonly string[] | undefined | null): Language {
  const entries = typeof wanted === 'string' ? wanted.split(',') : (wanted ?? []);
  const ranked = entries
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0], weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? DEFAULT_LANGUAGE;
}
