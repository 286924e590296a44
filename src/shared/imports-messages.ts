// What the importer says (decision 050, decision 069): the file's messages and each row's, in one place.
// The importer's checks (server/features/imports/plan.ts) and the import screen show them as they are.

/** The file as a whole: its size, its columns, whether it was imported before. */
export const importMessages = {
  fileRequired: 'Choose a CSV or Excel (.xlsx) file',
  fileTooLarge: 'The file is larger than 5 MB: split it into smaller files and import them one by one',
  unreadable: 'The file could not be read: save it as CSV (UTF-8) or Excel (.xlsx) and try again',
  unpacksTooFar:
    'The Excel file unpacks to more than 50 MB, or packs far more tightly than a spreadsheet does: nothing was read. Save it as CSV (UTF-8) or as a smaller .xlsx and try again',
  empty: 'The file has no rows below its header row',
  tooManyRows: 'The file has more than 20 000 rows: split it into smaller files',
  emailColumnRequired: 'Choose the column that holds the agents’ e-mail addresses',
  columnTwice: 'Each column can fill one field only',
  columnMissing: 'This column is not in the file',
  alreadyImported: (when: string) => `This file was already imported on ${when}: nothing was changed`,
  rowsToFix: (n: number) =>
    `${n === 1 ? '1 row needs' : `${n} rows need`} fixing: nothing was imported. Fix the file and upload it again.`,
  imported: 'Import complete',
  createdMeanwhile: 'Some of these records were created meanwhile: preview the file again',
} as const;

/** One row's problems, shown beside the row and column they are about. */
export const importRowMessages = {
  emailRequired: 'Every row needs the agent’s e-mail address',
  emailInvalid: 'Please enter a valid email address',
  notAnAgent: 'This e-mail belongs to an account that is not a market agent',
  agentRemoved: 'This agent was removed: restore it in User Management first',
  differsFromRow: (row: number, value: unknown) => `Differs from row ${row} for the same agent (${value})`,
  nameTooLong: 'Name is at most 100 characters',
  phoneInvalid: 'Please enter a valid contact number',
  unknownMarket: (markets: readonly string[]) => `Unknown market: use ${markets.join(', ')}`,
  businessTooLong: 'Business name is at most 200 characters',
  crateCount: (max: number) => `Enter a whole number of crates from 0 to ${max.toLocaleString('en-ZA')}`,
  agentHasAccount:
    'This agent already has an account: enter its crates as an opening balance in Settings, not by import',
  loanNeedsClient: 'Crates on loan need the client’s details',
  businessRequired: 'Business name is required',
  clientNameRequired: 'Client name is required',
  clientNameTooLong: 'Client name is at most 200 characters',
  phoneRequired: 'Contact number is required',
  sameClient: (row: number) => `Same client as row ${row} for this agent`,
  clientNameTaken: 'This agent already has a client with this business name',
  newAgentName: 'A new agent needs a name (on any of its rows)',
  newAgentPhone: 'A new agent needs a contact number (on any of its rows)',
} as const;
