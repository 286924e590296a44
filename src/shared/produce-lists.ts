// The produce types and qualities a supplier's offer chooses from (decision 068): two lists the farm
// store keeps in Settings, each with "Other" and a note on the offer form. The offer still sends the
// spec's produceType and quality strings, and the API takes any (outside systems post free text).
// No zod here: the dashboards show these without building the request schemas (decision 033).

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

const nouns: Record<ProduceListName, { one: string; many: string }> = {
  produceTypes: { one: 'produce type', many: 'produce types' },
  qualities: { one: 'quality', many: 'qualities' },
};

export const produceListMessages = {
  empty: (list: ProduceListName) => `List at least one ${nouns[list].one}`,
  tooMany: (list: ProduceListName) => `List at most ${PRODUCE_LIST_MAX} ${nouns[list].many}`,
  blank: (list: ProduceListName) => `A ${nouns[list].one} cannot be blank`,
  tooLong: (list: ProduceListName) => `A ${nouns[list].one} can be at most ${PRODUCE_ENTRY_MAX} characters`,
  twice: (entry: string) => `“${entry}” is listed twice`,
  other: `“${OTHER_CHOICE}” is always offered on the offer form: leave it out of the list`,
  saved: 'Produce lists saved',
  /** The offer form's note, when Other is chosen, and its message when left blank. */
  describe: { produceType: 'Describe the produce type', quality: 'Describe the quality' },
  describeRequired: { produceType: 'Please describe the produce type', quality: 'Please describe the quality' },
} as const;

/** The string an offer sends: the chosen entry, or with Other the note as typed (trimmed). */
export const chosenValue = (choice: string, note: string) => (choice === OTHER_CHOICE ? note.trim() : choice);

/** How the offer form shows a stored value: its entry, or Other with the value as the note. */
export function choiceFor(value: string, list: readonly string[]): { choice: string; note: string } {
  if (value === '') return { choice: '', note: '' };
  return list.includes(value) ? { choice: value, note: '' } : { choice: OTHER_CHOICE, note: value };
}
