// From an English sentence back to its message (decision 065). The server's refusals and the shared
// zod schemas' messages are written in English once (from the English catalogue); a reader in another
// language gets them translated at the edge — the error handler for the API, the form resolver in the
// browser — by finding which English message the sentence is and what was put into it.
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { MessageValues } from './translator.ts';

type Slot = { name: string; numeric: boolean };
type Pattern = { key: string; regex: RegExp; slots: Slot[]; literalLength: number };
export type Recognised = { key: string; values: MessageValues };

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Numbers as the messages write them: "1 234", "-3", "12,5" (en-ZA groups with a no-break space).
const NUMBER = '(-?[\\d\\u00a0\\u202f ,.]*\\d)';

function toPattern(elements: MessageFormatElement[], slots: Slot[], pluralName: string | null): string {
  let source = '';
  for (const element of elements) {
    switch (element.type) {
      case TYPE.literal:
        source += escapeRegex(element.value);
        break;
      case TYPE.argument:
        slots.push({ name: element.value, numeric: false });
        source += '(.+?)';
        break;
      case TYPE.number:
        slots.push({ name: element.value, numeric: true });
        source += NUMBER;
        break;
      case TYPE.pound:
        slots.push({ name: pluralName ?? '#', numeric: true });
        source += NUMBER;
        break;
      case TYPE.plural:
      case TYPE.select: {
        const name = element.value;
        const options = Object.values(element.options).map((option) =>
          toPattern(option.value, slots, element.type === TYPE.plural ? name : pluralName),
        );
        source += `(?:${options.join('|')})`;
        break;
      }
      default:
        // Dates, times, tags: the server's messages have none; such a message is matched on its text.
        source += '(.+?)';
        slots.push({ name: '_', numeric: false });
    }
  }
  return source;
}

const literalLength = (message: string) => message.replace(/\{[^{}]*\}/g, '').length;

/** A recogniser over English messages ('ns.key' → ICU message). */
export function englishRecogniser(english: ReadonlyMap<string, string>) {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [key, message] of english) {
    let elements: MessageFormatElement[];
    try {
      elements = parse(message, { ignoreTag: true });
    } catch {
      continue;
    }
    if (elements.every((element) => element.type === TYPE.literal)) {
      if (!exact.has(message)) exact.set(message, key);
      continue;
    }
    // A message that is (nearly) nothing but placeholders would match almost any text.
    if (literalLength(message) < 8) continue;
    const slots: Slot[] = [];
    patterns.push({
      key,
      regex: new RegExp(`^${toPattern(elements, slots, null)}$`, 's'),
      slots,
      literalLength: literalLength(message),
    });
  }
  // The most specific message first: "Quantity must be at most {max}" before "{field} must be {x}".
  patterns.sort((a, b) => b.literalLength - a.literalLength);

  return function recognise(text: string): Recognised | null {
    const key = exact.get(text);
    if (key) return { key, values: {} };
    for (const pattern of patterns) {
      const match = pattern.regex.exec(text);
      if (!match) continue;
      const values: MessageValues = {};
      pattern.slots.forEach((slot, index) => {
        const found = match[index + 1];
        if (found === undefined || slot.name in values) return;
        const numeric = slot.numeric || /^-?\d+$/.test(found);
        values[slot.name] = numeric ? Number(found.replace(/[\s\u00a0\u202f,]/g, '')) : found;
      });
      return { key: pattern.key, values };
    }
    return null;
  };
}
