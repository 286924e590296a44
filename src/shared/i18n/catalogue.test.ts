// The message catalogue holds together (decision 065): every file is loaded, every message is valid
// ICU with the English placeholders, the agent's namespaces are complete in each language, nothing is
// a copy of the English, farm words follow the glossary, and plurals come out right for 0, 1 and 2.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import af from './af/index.ts';
import { FARM_AND_SUPPLIER_NAMESPACES } from './audiences.ts';
import en from './en/index.ts';
import { LANGUAGES, type Language } from './languages.ts';
import st from './st/index.ts';
import { type Catalogue, createTranslator, flatten } from './translator.ts';
import zu from './zu/index.ts';

const catalogues: Record<Language, Catalogue> = { en, zu, st, af };
const TRANSLATED = ['zu', 'st', 'af'] as const;
const folder = (language: Language) => fileURLToPath(new URL(`./${language}/`, import.meta.url));
const agentNamespaces = Object.keys(en).filter(
  (namespace) => !(FARM_AND_SUPPLIER_NAMESPACES as readonly string[]).includes(namespace),
);

/** The names a message puts values into, with how (argument, number, plural, select). */
function placeholders(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if ('value' in element && typeof element.value === 'string') into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) placeholders(option.value, into);
    }
  }
  return into;
}

describe('the catalogue files', () => {
  it.each(LANGUAGES)('%s: every JSON file of the folder is loaded by its index', (language) => {
    const files = readdirSync(folder(language))
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.replace(/\.json$/, ''));
    expect(Object.keys(catalogues[language]).sort()).toEqual(files.sort());
  });

  it.each(TRANSLATED)('%s: each file says whether a native speaker has reviewed it', (language) => {
    for (const file of readdirSync(folder(language)).filter((name) => name.endsWith('.json'))) {
      const data = JSON.parse(readFileSync(`${folder(language)}${file}`, 'utf8')) as Record<string, string>;
      expect(Object.keys(data)[0], file).toBe('@review');
      expect(data['@review'], file).toMatch(/^(not yet reviewed|reviewed by .+ on \d{4}-\d{2}-\d{2})$/);
    }
  });
});

describe('every message', () => {
  const english = flatten(en);

  it.each(LANGUAGES)('%s: is valid ICU', (language) => {
    for (const [key, message] of flatten(catalogues[language])) {
      expect(() => parse(message, { ignoreTag: true }), `${language} ${key}`).not.toThrow();
    }
  });

  it.each(TRANSLATED)('%s: translates an English key, with no placeholder English lacks', (language) => {
    for (const [key, message] of flatten(catalogues[language])) {
      const source = english.get(key);
      expect(source, `${language} has ${key}, which English has not`).toBeDefined();
      const want = placeholders(parse(source as string, { ignoreTag: true }));
      const have = placeholders(parse(message, { ignoreTag: true }));
      // A translation may leave a value out, never invent one; where English takes a possessive
      // ("Thandi’s", `whose`) another language may place the name (`who`) its own way.
      if (want.has('whose')) want.add('who');
      expect(
        [...have].filter((name) => !want.has(name)),
        `${language} ${key}`,
      ).toEqual([]);
    }
  });

  it.each(TRANSLATED)('%s: is never a copy of the English (a missing one is left out)', (language) => {
    for (const [key, message] of flatten(catalogues[language])) {
      const source = english.get(key) ?? '';
      // One word may be the same in both (a name, "Status" in Afrikaans); a sentence may not.
      const words = source.replace(/\{[^{}]*\}/g, '').match(/[A-Za-z]{2,}/g) ?? [];
      if (words.length > 1) expect(message, `${language} ${key} is the English`).not.toBe(source);
    }
  });
});

describe("the market agent's namespaces", () => {
  it.each(TRANSLATED)('%s: has every key English has', (language) => {
    const own = flatten(catalogues[language]);
    const missing = agentNamespaces.flatMap((namespace) =>
      Object.keys(en[namespace as keyof typeof en] ?? {})
        .filter((key) => !key.startsWith('@'))
        .map((key) => `${namespace}.${key}`)
        .filter((key) => !own.has(key)),
    );
    expect(missing).toEqual([]);
  });
});

describe('farm words follow the glossary', () => {
  // The stem each language's word for "crate" keeps through its singular and plural.
  const crateStem: Record<(typeof TRANSLATED)[number], RegExp> = { zu: /bhokisi/i, st: /bokose/i, af: /krat/i };

  it.each(TRANSLATED)('%s: a message about crates uses the glossary’s word', (language) => {
    const english = flatten(en);
    const glossary = catalogues[language].glossary as Record<string, string>;
    expect(glossary.crate).toMatch(crateStem[language]);
    for (const [key, message] of flatten(catalogues[language])) {
      const words = (english.get(key) ?? '').replace(/\{[a-zA-Z]+(, [a-z]+)?\}/g, '');
      if (key.startsWith('glossary.') || !/\bcrates?\b/i.test(words)) continue;
      expect(message, `${language} ${key}`).toMatch(crateStem[language]);
    }
  });
});

describe('plurals for 0, 1 and 2 crates', () => {
  const english = flatten(en);
  const say = (language: Language, count: number) =>
    createTranslator(language, flatten(catalogues[language]), english).t('common.crates', { count });

  it('English: 0 crates, 1 crate, 2 crates, 1 234 crates', () => {
    expect([0, 1, 2, 1234].map((n) => say('en', n))).toEqual(['0 crates', '1 crate', '2 crates', '1\u00a0234 crates']);
  });

  it('isiZulu: 0 takes the singular, as CLDR says (i = 0 or n = 1)', () => {
    expect([0, 1, 2].map((n) => say('zu', n))).toEqual(['ibhokisi elingu-0', 'ibhokisi elingu-1', 'amabhokisi angu-2']);
  });

  it('Sesotho: 1 alone is singular', () => {
    expect([0, 1, 2].map((n) => say('st', n))).toEqual(['mabokose a 0', 'lebokose le le 1', 'mabokose a 2']);
  });

  it('Afrikaans: 1 alone is singular', () => {
    expect([0, 1, 2].map((n) => say('af', n))).toEqual(['0 kratte', '1 krat', '2 kratte']);
  });
});
