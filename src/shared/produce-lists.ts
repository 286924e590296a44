// The produce types and qualities a supplier's offer chooses from (decision 068): two lists the farm
// store keeps in Settings, each with "Other" and a note on the offer form. The offer still sends the
// spec's produceType and quality strings, and the API takes any (outside systems post free text).
// No zod here: the dashboards show these without building the request schemas (decision 033).

import suppliersEnglish from './i18n/en/suppliers.json' with { type: 'json' };
import { addEnglish, english } from './i18n/english.ts';

addEnglish({ suppliers: suppliersEnglish });

/** The peppers a farm like ours offers, until the farm store changes the list. */
export const DEFAULT_PRODUCE_TYPES = [
  'Sweet Bell Peppers',
  'Chilli Peppers',
  'Jalapeño Peppers',
  'Cayenne Peppers',
  'Habanero Peppers',
  'Paprika',
] as const;

/** The classes South Africa's fresh produce markets grade vegetables by (decision 068). */
export const DEFAULT_QUALITIES = ['Class 1', 'Class 2', 'Class 3'] as const;

export const PRODUCE_ENTRY_MAX = 100;
export const PRODUCE_LIST_MAX = 50;

/** The choice that opens the note field; never an entry of either list. */
export const OTHER_CHOICE = 'Other';

export type ProduceLists = { produceTypes: string[]; qualities: string[] };
export type ProduceListName = keyof ProduceLists;

/** The produce lists' messages in English, from src/shared/i18n/en/suppliers.json (decision 065). */
export const produceListMessages = {
  empty: (list: ProduceListName) => english('suppliers.listEmpty', { list }),
  tooMany: (list: ProduceListName) => english('suppliers.listTooMany', { list, max: PRODUCE_LIST_MAX }),
  blank: (list: ProduceListName) => english('suppliers.listBlank', { list }),
  tooLong: (list: ProduceListName) => english('suppliers.listTooLong', { list, max: PRODUCE_ENTRY_MAX }),
  twice: (entry: string) => english('suppliers.listTwice', { entry }),
  other: english('suppliers.listOther', { other: OTHER_CHOICE }),
  saved: english('suppliers.produceListsSaved'),
  /** The offer form's note, when Other is chosen, and its message when left blank. */
  describe: {
    produceType: english('suppliers.describeProduceType'),
    quality: english('suppliers.describeQuality'),
  },
  describeRequired: {
    produceType: english('suppliers.describeProduceTypeRequired'),
    quality: english('suppliers.describeQualityRequired'),
  },
} as const;

/** The string an offer sends: the chosen entry, or with Other the note as typed (trimmed). */
export const chosenValue = (choice: string, note: string) => (choice === OTHER_CHOICE ? note.trim() : choice);

/** How the offer form shows a stored value: its entry, or Other with the value as the note. */
export function choiceFor(value: string, list: readonly string[]): { choice: string; note: string } {
  if (value === '') return { choice: '', note: '' };
  return list.includes(value) ? { choice: value, note: '' } : { choice: OTHER_CHOICE, note: value };
}
