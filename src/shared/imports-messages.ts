// What the importer says (decision 050, decision 069): the file's messages and each row's, in one place.
// The importer's checks (server/features/imports/plan.ts) say them; the English lives in the catalogue.

import importsEnglish from './i18n/en/imports.json' with { type: 'json' };
import { addEnglish, english as e } from './i18n/english.ts';

addEnglish({ imports: importsEnglish });

/** The file as a whole: its size, its columns, whether it was imported before. */
export const importMessages = {
  fileRequired: e('imports.fileRequired'),
  fileTooLarge: e('imports.fileTooLarge'),
  unreadable: e('imports.unreadable'),
  unpacksTooFar: e('imports.unpacksTooFar'),
  empty: e('imports.empty'),
  tooManyRows: e('imports.tooManyRows'),
  emailColumnRequired: e('imports.emailColumnRequired'),
  columnTwice: e('imports.columnTwice'),
  columnMissing: e('imports.columnMissing'),
  alreadyImported: (when: string) => e('imports.alreadyImported', { when }),
  rowsToFix: (n: number) => e('imports.rowsToFix', { count: n }),
  imported: e('imports.imported'),
  createdMeanwhile: e('imports.createdMeanwhile'),
} as const;

/** One row's problems, shown beside the row and column they are about. */
export const importRowMessages = {
  emailRequired: e('imports.emailRequired'),
  emailInvalid: e('imports.emailInvalid'),
  notAnAgent: e('imports.notAnAgent'),
  agentRemoved: e('imports.agentRemoved'),
  differsFromRow: (row: number, value: unknown) => e('imports.differsFromRow', { row, value: String(value) }),
  nameTooLong: e('imports.nameTooLong'),
  phoneInvalid: e('imports.phoneInvalid'),
  unknownMarket: (markets: readonly string[]) => e('imports.unknownMarket', { markets: markets.join(', ') }),
  businessTooLong: e('imports.businessTooLong'),
  crateCount: (max: number) => e('imports.crateCount', { max: max.toLocaleString('en-ZA') }),
  agentHasAccount: e('imports.agentHasAccount'),
  loanNeedsClient: e('imports.loanNeedsClient'),
  businessRequired: e('imports.businessRequired'),
  clientNameRequired: e('imports.clientNameRequired'),
  clientNameTooLong: e('imports.clientNameTooLong'),
  phoneRequired: e('imports.phoneRequired'),
  sameClient: (row: number) => e('imports.sameClient', { row }),
  clientNameTaken: e('imports.clientNameTaken'),
  newAgentName: e('imports.newAgentName'),
  newAgentPhone: e('imports.newAgentPhone'),
  languageUnknown: e('imports.languageUnknown'),
} as const;
