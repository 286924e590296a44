// The building blocks of every request schema (both sides), so each text field, id and count gets the
// same rules (decision 011): text the database can store, ids and counts that are JSON
// integers, path ids and paging parameters that are plain decimal digits within PostgreSQL's integer.
import { z } from 'zod';
import {
  choicesMessage,
  DEFAULT_PAGE_SIZE,
  fieldMessages,
  isOneLine,
  isStorableText,
  MAX_ID,
  MAX_PAGE_SIZE,
} from './fields-labels.ts';

// The zod-free half (limits, messages, text checks) lives in fields-labels.ts; it is re-exported here.
export * from './fields-labels.ts';

/** A string with only storable characters, not trimmed (passwords, codes). */
export const rawText = (message?: string, max = 200, tooLong?: string) =>
  z
    .string(message ? { error: message } : undefined)
    .refine(isStorableText, fieldMessages.badCharacters)
    .max(max, tooLong);

/**
 * Optional one-line text a person types (a name, a subject, a reference): storable, no CR or LF (an
 * e-mail's text body or a CSV row could not be forged from it), trimmed, at most `max` characters.
 */
export const text = (max = 200, tooLong?: string) =>
  z
    .string()
    .refine(isStorableText, fieldMessages.badCharacters)
    .refine(isOneLine, fieldMessages.lineBreak)
    .trim()
    .max(max, tooLong);

/** Required one-line text: `message` when missing or blank, then as `text`. */
export const requiredText = (message: string, max = 200, tooLong?: string) =>
  z
    .string({ error: message })
    .refine(isStorableText, fieldMessages.badCharacters)
    .refine(isOneLine, fieldMessages.lineBreak)
    .trim()
    .min(1, message)
    .max(max, tooLong);

/** Optional text of several lines (notes, a message, a description): as `text`, line breaks kept. */
export const multilineText = (max = 200, tooLong?: string) =>
  z.string().refine(isStorableText, fieldMessages.badCharacters).trim().max(max, tooLong);

/** Required text of several lines. */
export const requiredMultilineText = (message: string, max = 200, tooLong?: string) =>
  z
    .string({ error: message })
    .refine(isStorableText, fieldMessages.badCharacters)
    .trim()
    .min(1, message)
    .max(max, tooLong);

/** A count in a JSON body: a JSON integer (never "5", true or [5]) from `min` to `max`. */
export const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** An id in a JSON body: a JSON integer from 1 to MAX_ID (never "1", true or [1]). */
export const jsonId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

const digits = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number);

/** An id in a path: plain decimal digits (never 0x1, 1e0 or -1), from 1 to MAX_ID. */
export const idParam = (message: string = fieldMessages.pathId) =>
  digits(message).pipe(z.number().int().min(1, message).max(MAX_ID, message));

/** Params of a route with one `:id`. */
export const idParams = (message: string = fieldMessages.pathId) => z.object({ id: idParam(message) });

/** `?limit=`: plain digits from 1 to MAX_PAGE_SIZE, `fallback` when absent. */
export const limitQuery = (fallback = DEFAULT_PAGE_SIZE) =>
  digits(fieldMessages.limit)
    .pipe(z.number().int().min(1, fieldMessages.limit).max(MAX_PAGE_SIZE, fieldMessages.limit))
    .optional()
    .transform((v) => v ?? fallback);

/** `?before=<id>`: plain digits from 1 to MAX_ID. */
export const beforeQuery = idParam(fieldMessages.before).optional();

/** A list's paging (DESIGN §6): `?limit=` (default 100, max 500) and `?before=<id>`. */
export const pageQuery = z.object({ limit: limitQuery(), before: beforeQuery });

/** One of a closed list of choices; anything else is refused with choicesMessage (the field, each choice). */
export const oneOf = <const Choices extends readonly [string, ...string[]]>(field: string, choices: Choices) =>
  z.enum(choices, { error: choicesMessage(field, choices) });
