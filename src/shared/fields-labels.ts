// The field limits, paging sizes and messages every request schema shares, and the two text checks
// behind them, without zod, so screens can use them without building schemas (decision 033).
// src/shared/fields.ts re-exports all of it, with the schema building blocks. The English lives in
// the catalogue (src/shared/i18n/en/errors.json, decision 065).

import errorsEnglish from './i18n/en/errors.json' with { type: 'json' };
import { addEnglish, english } from './i18n/english.ts';

addEnglish({ errors: errorsEnglish });

/** Largest id PostgreSQL's integer holds: bigger ids are a 400, never a database error. */
export const MAX_ID = 2_147_483_647;
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;

export const fieldMessages = {
  badCharacters: english('errors.badCharacters'),
  lineBreak: english('errors.lineBreak'),
  // Strings, not numbers: a number would be grouped ("2 147 483 647").
  limit: english('errors.limit', { max: String(MAX_PAGE_SIZE) }),
  before: english('errors.before'),
  pathId: english('errors.pathId', { max: String(MAX_ID) }),
} as const;

/** The refusal of a value outside a closed list, naming the field and each choice: "status must be 'active' or 'removed'". */
export function choicesMessage(field: string, choices: readonly string[]) {
  const quoted = choices.map((choice) => `'${choice}'`);
  return english('errors.choices', {
    field,
    choices: quoted.slice(0, -1).join(', '),
    last: quoted[quoted.length - 1] ?? '',
  });
}

// NUL breaks PostgreSQL text; other C0 controls (but tab, newline, return), DEL and lone UTF-16
// surrogates are never typed by a person and would be stored altered or not at all.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are what it looks for
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the database can store the text exactly as typed. */
export const isStorableText = (value: string) => !CONTROL_CHARACTER.test(value) && !LONE_SURROGATE.test(value);

/** True when the text holds no line break: a name, subject or reference is one line (DESIGN §6). */
export const isOneLine = (value: string) => !/[\r\n]/.test(value);
