// The English catalogue as words, for the shared label files and the server (decision 065): a label
// file says `english('clients.added')` instead of keeping its own copy, so each English sentence is
// written once, in src/shared/i18n/en/. The server translates these at the edge for its reader.
import en from './en/index.ts';
import { createTranslator, flatten, type MessageValues } from './translator.ts';

const messages = flatten(en);
const translator = createTranslator('en', messages, messages);

/** The English message for `key` with `values` put in. */
export const english = (key: string, values?: MessageValues) => translator.t(key, values);
