// The screens' counts are in the reader's language: "4 crates" inside a Sesotho sentence was English
// (the shared crates() says them in English for the server's sentences).
import { afterEach, describe, expect, it } from 'vitest';
import { crates } from './format.ts';
import { switchLanguage } from './i18n/language.ts';

describe("a screen's crates in the current language", () => {
  afterEach(() => switchLanguage('en'));

  it('English, then Sesotho, isiZulu and Afrikaans, for 0, 1 and 2, with and without an adjective', async () => {
    expect([0, 1, 2].map((n) => crates(n))).toEqual(['0 crates', '1 crate', '2 crates']);
    expect(crates(1, 'empty')).toBe('1 empty crate');
    await switchLanguage('st');
    expect(crates(4)).toBe('mabokose a 4');
    expect(crates(1)).toBe('lebokose le le 1');
    await switchLanguage('zu');
    expect(crates(2)).not.toMatch(/crate/);
    expect(crates(2, 'full')).not.toMatch(/crate/);
    await switchLanguage('af');
    expect(crates(1)).not.toMatch(/crate/);
  });
});
