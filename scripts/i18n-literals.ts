// Visible English left in the client's code (decision 065): every word a person sees
// comes from the catalogue (src/shared/i18n/<lang>/), through t('ns.key'). This finds what slipped:
//   - text between JSX tags with a word in it:  <Text>Add First Client</Text>
//   - a string given to a prop a person sees:   label="Business Name", aria-label='Close'
//   - a sentence-like string literal anywhere:  notifySuccess('Client added successfully')
// A line may say why it is not visible with a comment holding "i18n-ignore" (a CSS value that looks
// like words, a test id). Usage: node --import tsx scripts/i18n-literals.ts [dir or file ...]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Props whose string a person reads or hears. */
const VISIBLE_PROPS = [
  'label',
  'placeholder',
  'title',
  'description',
  'aria-label',
  'aria-description',
  'alt',
  'error',
  'nothingFoundMessage',
  'confirmLabel',
  'cancelLabel',
  'emptyMessage',
  'tooltip',
  'message',
];
const PROP = new RegExp(`\\b(${VISIBLE_PROPS.join('|')})=(["'])([^"'{}]*[A-Za-z]{2,}[^"'{}]*)\\2`, 'g');
// Text between a tag's end and the next tag or brace, holding a word of two letters or more.
const JSX_TEXT = />([^<>{}`;=()]*?[A-Za-z]{2,}[^<>{}`;=()]*?)(?=<|\{)/g;
// A string that reads as a sentence or a title: capitalised word, then a space and more words.
const SENTENCE = /(['"`])([A-Z][a-z’']*(?: [A-Za-z0-9’'(),.:!?–—-]+)+[.!?…]?)\1/g;
/** Strings that look like words but are code: paths, MIME types, header names, CSS, test ids. */
const NOT_WORDS = /^(?:[A-Z][a-z]+-)+[A-Z][a-z]+$|^[A-Z][a-z]+ [A-Z][a-z]+, [A-Z]/;

export type Literal = { file: string; line: number; text: string };

function listFiles(path: string): string[] {
  const full = join(root, path);
  if (statSync(full).isFile()) return [path];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const child = join(path, entry.name);
    if (entry.isDirectory()) return listFiles(child);
    return /\.(tsx?|ts)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [child] : [];
  });
}

/** The visible English literals in one file's source. */
export function literalsIn(file: string, source: string): Literal[] {
  const found: Literal[] = [];
  const lines = source.split('\n');
  let inComment = false;
  lines.forEach((raw, index) => {
    let line = raw;
    if (inComment) {
      const end = line.indexOf('*/');
      if (end < 0) return;
      line = line.slice(end + 2);
      inComment = false;
    }
    if (/^\s*(\/\/|\*|\/\*)/.test(line) || line.includes('i18n-ignore')) {
      if (/^\s*\/\*/.test(line) && !line.includes('*/')) inComment = true;
      return;
    }
    // Imports, and a trailing comment, are not shown.
    if (/^\s*(import|export \* from|export \{[^}]*\} from)\b/.test(line)) return;
    const code = line.replace(/\s\/\/ .*$/, '');
    const texts = new Set<string>();
    for (const match of code.matchAll(PROP)) texts.add(match[3].trim());
    if (/\.tsx$/.test(file)) for (const match of code.matchAll(JSX_TEXT)) texts.add(match[1].trim());
    for (const match of code.matchAll(SENTENCE)) if (!NOT_WORDS.test(match[2])) texts.add(match[2]);
    for (const text of texts) if (text && /[A-Za-z]{2,}/.test(text)) found.push({ file, line: index + 1, text });
  });
  return found;
}

/** Every visible English literal under `paths` (default: the client, but its catalogue machinery). */
export function findLiterals(paths = ['src/web']): Literal[] {
  return paths
    .flatMap(listFiles)
    .filter((file) => !file.includes('/lib/i18n/'))
    .flatMap((file) => literalsIn(relative(root, join(root, file)), readFileSync(join(root, file), 'utf8')));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const literals = findLiterals(process.argv.length > 2 ? process.argv.slice(2) : undefined);
  for (const { file, line, text } of literals) console.log(`${file}:${line}  ${text}`);
  console.log(`${literals.length} visible English literal(s)`);
}
