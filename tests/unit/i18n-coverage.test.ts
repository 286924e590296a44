// No string slips through (decision 065): the client shows no English literal outside
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

// A message with values is called with sample ones of each shape it may take: a number, a name, a
// list, a record (whose every field reads 3); whichever it can say.
const record = new Proxy({}, { get: (_, field) => (field === Symbol.toPrimitive ? () => 3 : 3) });
const SAMPLES: unknown[] = [3, 'Thandi', ['A', 'B'], record];
function samplesOf(message: (...args: unknown[]) => unknown): string[] {
  return SAMPLES.flatMap((sample) => {
    try {
      return [String(message(...Array(message.length).fill(sample)))];
    } catch {
      return [];
    }
  });
}

const shared = fileURLToPath(new URL('../../src/shared/', import.meta.url));
/** Label files whose words are for API integrators only (technical, English). */
const ENGLISH_ONLY = /^idempotency\b/;

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
        if (typeof entry !== 'string' && typeof entry !== 'function') continue;
        const texts = typeof entry === 'string' ? [entry] : samplesOf(entry as (...args: unknown[]) => unknown);
        const text = texts.find((said) => recognise(said)) ?? texts[0];
        if (text === undefined) unknown.push(`${name}.${key}: cannot be said with sample values`);
        else if (!recognise(text)) unknown.push(`${name}.${key}: ${text}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
