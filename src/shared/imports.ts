// Importing a farm's paper records (decision 050): market agents, their clients and opening
// balances from one CSV or XLSX sheet. The columns the importer knows, the guess that maps a file's
// headers to them, and the request/response schemas of /api/imports (both sides).
import { z } from 'zod';
import { requiredText } from './fields.ts';
import { instant } from './http.ts';
import importsEnglish from './i18n/en/imports.json' with { type: 'json' };
import { addEnglish, english as e } from './i18n/english.ts';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from './i18n/languages.ts';
import { importMessages, importRowMessages } from './imports-messages.ts';

addEnglish({ imports: importsEnglish });

/** The columns an import fills, in the mapping screen's order. */
export const importFields = [
  'agentEmail',
  'agentName',
  'agentPhone',
  'marketLocation',
  'agentBusiness',
  'fullCrates',
  'emptyCrates',
  'clientBusiness',
  'clientName',
  'clientPhone',
  'cratesOnLoan',
  'clientLanguage',
] as const;
export type ImportField = (typeof importFields)[number];

/** Each field's catalogue key (imports namespace): the screen says it in the reader's language. */
export const importFieldKeys: Record<ImportField, string> = {
  agentEmail: 'imports.fieldAgentEmail',
  agentName: 'imports.fieldAgentName',
  agentPhone: 'imports.fieldAgentPhone',
  marketLocation: 'imports.fieldMarketLocation',
  agentBusiness: 'imports.fieldAgentBusiness',
  fullCrates: 'imports.fieldFullCrates',
  emptyCrates: 'imports.fieldEmptyCrates',
  clientBusiness: 'imports.fieldClientBusiness',
  clientName: 'imports.fieldClientName',
  clientPhone: 'imports.fieldClientPhone',
  clientLanguage: 'imports.fieldClientLanguage',
  cratesOnLoan: 'imports.fieldCratesOnLoan',
};

/** The fields' English names (the export's headers, and the column a problem names when unmapped). */
export const importFieldLabels = Object.fromEntries(
  importFields.map((field) => [field, e(importFieldKeys[field])]),
) as Record<ImportField, string>;

/** The language a client's cell names: a code (en, zu, st, af) or a name, any case; null when unknown. */
export function importedLanguage(text: string): Language | null {
  const said = text.trim().toLowerCase();
  const names: Record<string, Language> = { zulu: 'zu', sotho: 'st', 'southern sotho': 'st', sesotho: 'st' };
  for (const language of LANGUAGES) names[LANGUAGE_NAMES[language].toLowerCase()] = language;
  return (LANGUAGES as readonly string[]).includes(said) ? (said as Language) : (names[said] ?? null);
}

/** Header words that name each field, most specific first (compared without case, spaces or punctuation). */
const synonyms: Record<ImportField, string[]> = {
  agentEmail: ['agentemail', 'agentemailaddress', 'email', 'emailaddress', 'mail', 'agentmail'],
  agentName: ['agentname', 'marketagent', 'agent', 'name', 'agentfullname', 'fullname'],
  agentPhone: ['agentphone', 'agentcontactnumber', 'agentcontact', 'agentcell', 'agenttelephone', 'agentmobile'],
  marketLocation: ['market', 'marketlocation', 'marketname', 'agentmarket'],
  agentBusiness: ['agentbusinessname', 'agentbusiness', 'businessname', 'business', 'tradingname'],
  fullCrates: ['fullcrates', 'agentfullcrates', 'full', 'cratesfull', 'fullcratesheld'],
  emptyCrates: ['emptycrates', 'agentemptycrates', 'empty', 'empties', 'cratesempty', 'emptycratesheld'],
  clientBusiness: ['clientbusinessname', 'clientbusiness', 'client', 'customer', 'customerbusiness', 'shop'],
  clientName: ['clientname', 'customername', 'contactperson', 'clientcontactperson'],
  clientPhone: [
    'clientphone',
    'clientcontactnumber',
    'clientcontact',
    'clientcell',
    'clientmobile',
    'clienttel',
    'customerphone',
    'clienttelephone',
  ],
  clientLanguage: ['clientlanguage', 'language', 'lang', 'taal', 'ulimi', 'puo', 'customerlanguage'],
  cratesOnLoan: [
    'cratesonloan',
    'loan',
    'loans',
    'cratesout',
    'outstandingcrates',
    'cratesloaned',
    'lent',
    'cratesatclient',
    'clientcrates',
  ],
};

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A phone column that does not say whose (decision 067): the client's when the file lists clients. */
const PHONE_WORDS = new Set([
  'phone',
  'phonenumber',
  'cell',
  'cellphone',
  'cellnumber',
  'cellphonenumber',
  'mobile',
  'mobilenumber',
  'mobilephone',
  'tel',
  'telephone',
  'telephonenumber',
  'contactnumber',
]);

/** Fills the client's phone (or the agent's, see below) from a column like "Cell" that does not say whose. */
function guessPhone(headers: readonly string[], mapping: ImportMapping, usedColumns: Set<number>) {
  const column = headers.findIndex((h, i) => !usedColumns.has(i) && PHONE_WORDS.has(normalise(h)));
  if (column < 0) return;
  const listsClients = mapping.clientBusiness !== null || mapping.clientName !== null || mapping.cratesOnLoan !== null;
  // The client's when the file lists clients and has no client phone column of its own; else the agent's.
  const field = listsClients && mapping.clientPhone === null ? 'clientPhone' : 'agentPhone';
  if (mapping[field] !== null) return;
  mapping[field] = column;
  usedColumns.add(column);
}

/** Which column of the file each field comes from (a 0-based column index), or null. */
export type ImportMapping = Record<ImportField, number | null>;

/**
 * A first guess of the mapping from the file's headers: an exact synonym beats a header that merely
 * contains one; among those the more specific synonym (listed first) wins. Each column and each field
 * is used at most once; what stays unsure stays null for the person to choose.
 */
export function guessMapping(headers: readonly string[]): ImportMapping {
  const candidates: { field: ImportField; column: number; score: number }[] = [];
  headers.forEach((header, column) => {
    const h = normalise(header);
    if (!h) return;
    for (const field of importFields) {
      synonyms[field].forEach((word, rank) => {
        if (h === word) candidates.push({ field, column, score: 1000 - rank });
        else if (word.length >= 6 && h.includes(word))
          candidates.push({ field, column, score: 500 + word.length - rank });
      });
    }
  });
  candidates.sort((a, b) => b.score - a.score || a.column - b.column);
  const mapping = Object.fromEntries(importFields.map((f) => [f, null])) as ImportMapping;
  const usedColumns = new Set<number>();
  for (const c of candidates) {
    if (mapping[c.field] !== null || usedColumns.has(c.column)) continue;
    mapping[c.field] = c.column;
    usedColumns.add(c.column);
  }
  guessPhone(headers, mapping, usedColumns);
  return mapping;
}

/** The largest file the importer takes (the upload is sent base64-encoded in JSON). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export { importMessages, importRowMessages };

/** The most rows one file may hold. */
export const IMPORT_MAX_ROWS = 20_000;

const mappingSchema = z
  .object(
    Object.fromEntries(importFields.map((f) => [f, z.number().int().min(0).max(1000).nullable().optional()])) as Record<
      ImportField,
      z.ZodOptional<z.ZodNullable<z.ZodNumber>>
    >,
  )
  .strict();

/** POST /api/imports/preview and POST /api/imports: the file (base64) and, after the first look, the mapping. */
export const importBody = z.object({
  fileName: requiredText(importMessages.fileRequired, 255),
  content: z
    .string({ error: importMessages.fileRequired })
    .min(1, importMessages.fileRequired)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, importMessages.unreadable),
  mapping: mappingSchema.optional(),
});
export type ImportBody = z.infer<typeof importBody>;

/** One thing wrong with one row: its line in the file (the header is line 1), the column, and why. */
export const importProblemSchema = z.object({
  line: z.number(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

const mappingResponse = z.record(z.string(), z.number().nullable());

export const importSummarySchema = z.object({
  rows: z.number(),
  newAgents: z.number(),
  existingAgents: z.number(),
  clients: z.number(),
  fullCrates: z.number(),
  emptyCrates: z.number(),
  cratesOnLoan: z.number(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importPreviewResponse = z.object({
  fileName: z.string(),
  sha256: z.string(),
  headers: z.array(z.string()),
  guessed: mappingResponse,
  mapping: mappingResponse,
  summary: importSummarySchema,
  /** Every problem, row by row (the screen pages them). Empty: the file can be imported. */
  problems: z.array(importProblemSchema),
  /** Lines with at least one problem. */
  badRows: z.number(),
  alreadyImportedAt: instant.nullable(),
});
export type ImportPreview = z.infer<typeof importPreviewResponse>;

/** A new agent's account: its first password is in this answer only (print it, hand it over). */
export const importedAccountSchema = z.object({
  name: z.string(),
  email: z.string(),
  agentNumber: z.string(),
  password: z.string(),
});
export type ImportedAccount = z.infer<typeof importedAccountSchema>;

export const importResultResponse = z.object({
  id: z.number(),
  message: z.string(),
  summary: importSummarySchema,
  accounts: z.array(importedAccountSchema),
});
export type ImportResult = z.infer<typeof importResultResponse>;

/**
 * 400 from POST /api/imports: when rows are bad, nothing was imported and every problem is listed; a
 * body that can't be read gets the usual `{message, errors?}`.
 */
export const importRefusedResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  problems: z.array(importProblemSchema).optional(),
  badRows: z.number().optional(),
});
export type ImportRefused = z.infer<typeof importRefusedResponse>;
