// The billing, statement and report messages in every language (decision 065): each English key has its
// isiZulu, Sesotho and Afrikaans, with the same placeholders, and says 0, 1 and 2 crates without error.
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import af from './af/index.ts';
import en from './en/index.ts';
import { addEnglish, english } from './english.ts';
import st from './st/index.ts';
import { type Catalogue, createTranslator, flatten } from './translator.ts';
import zu from './zu/index.ts';

const NAMESPACES = ['billing', 'balance-statements', 'reports'] as const;
addEnglish(en);
const englishMessages = flatten(en);
/** The names a message puts in: `{name}`, `{n, number}`, `{n, plural, …}` and `{x, select, …}`. */
function placeholders(message: string): Set<string> {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.argument || element.type === TYPE.number) names.add(element.value);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        names.add(element.value);
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(parse(message, { ignoreTag: true }));
  return names;
}
/** Every value a message of these namespaces might ask for. */
const values = (n: number) =>
  new Proxy({} as Record<string, string | number>, {
    has: () => true,
    get: (_target, key) => (key === 'direction' ? 'to' : key === 'oneDay' || key === 'overdue' ? 'yes' : n),
  });

describe.each([
  ['zu', zu],
  ['st', st],
  ['af', af],
] as const)('%s', (language, catalogue) => {
  const translator = createTranslator(language, flatten(catalogue as Catalogue), englishMessages);
  const own = catalogue as Catalogue;

  it.each(NAMESPACES)('has every %s key, not yet reviewed, with the English placeholders', (namespace) => {
    expect(own[namespace]['@review']).toBe('not yet reviewed');
    for (const [key, message] of Object.entries((en as Catalogue)[namespace])) {
      const translated = own[namespace][key];
      expect(translated, `${namespace}.${key}`).toBeTypeOf('string');
      expect(placeholders(translated), `${namespace}.${key}`).toEqual(placeholders(message));
    }
  });

  it('says 0, 1 and 2 of everything without an error', () => {
    for (const namespace of NAMESPACES) {
      for (const key of Object.keys((en as Catalogue)[namespace])) {
        for (const n of [0, 1, 2]) expect(() => translator.t(`${namespace}.${key}`, values(n))).not.toThrow();
      }
    }
  });

  it('names the twelve months', () => {
    expect(translator.t('balance-statements.monthNames').split(' ')).toHaveLength(12);
  });
});

describe('English', () => {
  it('keeps the spec wording', () => {
    expect(english('billing.unbilledSummary', { returns: 1, crates: 2 })).toBe(
      '1 return (2 crates) not yet in a billing cycle',
    );
    expect(english('balance-statements.issued', { count: 1 })).toBe('1 statement issued');
    expect(english('balance-statements.issued', { count: 0 })).toBe('0 statements issued');
    expect(english('reports.emailed', { n: 3 })).toBe('Report successfully sent to 3 recipients');
  });
});
