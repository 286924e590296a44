// No string slips through (decision 065, issue 37 item 5): the client shows no English literal outside
// the catalogue, and every message the shared label files give the server to send (the refusals an
// agent can get, spec §8) is an English catalogue message, so the server can say it in the caller's
// language.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { missingRegistrations } from '../../scripts/english-namespaces.ts';
import { findLiterals } from '../../scripts/i18n-literals.ts';
import en from '../../src/shared/i18n/en/index.ts';
import { englishRecogniser } from '../../src/shared/i18n/english-text.ts';
import { flatten } from '../../src/shared/i18n/translator.ts';

describe('the client', () => {
  it('has no visible English literal outside the catalogue', () => {
    const literals = findLiterals().map(({ file, line, text }) => `${file}:${line} ${text}`);
    expect(literals).toEqual([]);
  });
});

describe('English by namespace', () => {
  it('every file that says english(ns.key) registers ns first (scripts/english-namespaces.ts)', () => {
    expect(missingRegistrations()).toEqual([]);
  });
});

const shared = fileURLToPath(new URL('../../src/shared/', import.meta.url));
/** Label files whose words are farm-or-supplier-only, or technical (API integrators'). */
const ENGLISH_ONLY = /^(idempotency|integrations|audit)\b/;

describe("the shared label files' messages", () => {
  const recognise = englishRecogniser(flatten(en));
  const files = readdirSync(shared).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !ENGLISH_ONLY.test(file),
  );

  it.each(files)('%s: every *Messages entry is in the English catalogue', async (file) => {
    const module = (await import(`../../src/shared/${file}`)) as Record<string, unknown>;
    const unknown: string[] = [];
    for (const [name, value] of Object.entries(module)) {
      if (!/[mM]essages$/.test(name) || !value || typeof value !== 'object') continue;
      for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
        // A message with values is called with sample ones: a number, or a name.
        const text =
          typeof entry === 'string'
            ? entry
            : typeof entry === 'function'
              ? String((entry as (...args: unknown[]) => unknown)(...Array(entry.length).fill(3)))
              : null;
        if (text !== null && !recognise(text)) unknown.push(`${name}.${key}: ${text}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
