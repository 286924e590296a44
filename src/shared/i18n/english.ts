// The English catalogue as words, for the shared label files and the server (decision 065): a label
// file says `english('clients.added')` instead of keeping its own copy, so each English sentence is
// written once, in src/shared/i18n/en/. The server translates these at the edge for its reader.
//
// English is registered namespace by namespace: a file that says `english('clients.…')` imports
// en/clients.json and registers it (`addEnglish`) first, so the browser's first page carries only the
// namespaces its own modules use (the landing page's budget, decision 031), and the order modules load
// in never matters. `scripts/english-namespaces.ts --check` (a unit test) holds every file to it.
import { type Catalogue, createTranslator, flatten, type MessageValues } from './translator.ts';

const registry = new Map<string, string>();
const listeners = new Set<(added: [string, string][]) => void>();

/** Adds namespaces to the English known to this process or page (again is harmless). */
export function addEnglish(catalogue: Catalogue) {
  const added: [string, string][] = [];
  for (const [key, message] of flatten(catalogue)) {
    if (registry.has(key)) continue;
    registry.set(key, message);
    added.push([key, message]);
  }
  if (added.length > 0) for (const listener of listeners) listener(added);
}

/** Every English message registered so far ('ns.key' → message); grows as namespaces are added. */
export const englishMessages: ReadonlyMap<string, string> = registry;

/** Hears of namespaces added later (the browser's pseudo-locale and form messages follow them). */
export function onEnglishAdded(listener: (added: [string, string][]) => void) {
  listeners.add(listener);
}

const translator = createTranslator('en', registry, registry);

/** The English message for `key` with `values` put in; a key not registered is a programming error. */
export function english(key: string, values?: MessageValues) {
  if (!registry.has(key)) throw new Error(`${key} is not in the English catalogue registered here`);
  return translator.t(key, values);
}
