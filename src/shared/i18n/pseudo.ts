// The pseudo-locale (decision 065): English with every letter accented and 40 % more length, so one
// walk through the screens shows a string that is not in the catalogue (it stays plain), a screen
// that clips or scrolls sideways with longer words, and a font without the accents. Never a
// language a user picks: the e2e walk turns it on with localStorage 'ck-pseudo' = '1'.
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'àƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][index],
  ]),
);

/** Each ASCII letter accented: "Save" → "Šàṽé". */
export const accent = (text: string) => text.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter);

/** What 40 % more of `length` letters looks like: "·····". */
const padding = (length: number) => '·'.repeat(Math.ceil(length * 0.4));

function printElements(elements: MessageFormatElement[]): string {
  return elements
    .map((element) => {
      switch (element.type) {
        case TYPE.literal:
          // ICU quoting: a literal apostrophe or brace is written quoted.
          return accent(element.value)
            .replace(/'/g, "''")
            .replace(/([{}#])/g, "'$1'");
        case TYPE.argument:
          return `{${element.value}}`;
        case TYPE.number:
          return `{${element.value}, number}`;
        case TYPE.pound:
          return '#';
        case TYPE.plural:
        case TYPE.select: {
          const kind = element.type === TYPE.plural ? 'plural' : 'select';
          const options = Object.entries(element.options)
            .map(([choice, option]) => `${choice} {${printElements(option.value)}}`)
            .join(' ');
          return `{${element.value}, ${kind}, ${options}}`;
        }
        default:
          return '';
      }
    })
    .join('');
}

/** An ICU message in the pseudo-locale: its text accented, then padded by 40 % of its letters. */
export function pseudoMessage(message: string): string {
  try {
    const elements = parse(message, { ignoreTag: true });
    const letters = message.replace(/\{[^{}]*\}/g, '').length;
    return `${printElements(elements)} ${padding(letters)}`;
  } catch {
    return message;
  }
}
