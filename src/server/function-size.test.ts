// Small pieces with names: every function under src/ — declaration, arrow, function
// expression, method, accessor, constructor — has at most 60 lines (first to last, counting its
// nested functions' lines) and at most 15 branches (if, ?:, case, catch, for/for-of/for-in/while/do,
// &&, ||, ?? and their assignment forms; a nested function's branches count for it, not for the one
// around it). A longer function is split, or says why it is long in a line comment that starts with
// `// Long: <reason>` and stands in the comment block directly above (no blank line between) one of:
//   - the function itself (`function f`, `export async function f`, a method or getter);
//   - the statement or member that holds it: `const f = () =>`, `export const f =`, a property
//     `f: () =>`, a class field, or the call it is passed to (`app.get('/x', opts, async () => {…})`).
// The search climbs from the function through its parents up to the first statement, class member,
// object property or JSX attribute, so a comment on an outer statement never excuses the long
// callbacks deep inside it. Whatever the comment says, no function is over 100 lines (decision 069):
// past that, a reader cannot hold it, and it splits into named parts. Test files and migrations are
// not measured.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const maxLines = 60;
const maxBranches = 15;
/** The cap no `// Long:` comment lifts. */
const hardMaxLines = 100;
const root = join(import.meta.dirname, '../..');
const skippedFolders = [join(root, 'src/server/db/migrations')];

interface Measured {
  line: number;
  name: string;
  lines: number;
  branches: number;
  justified: boolean;
}

const branchOperators = new Set([
  ts.SyntaxKind.AmpersandAmpersandToken,
  ts.SyntaxKind.BarBarToken,
  ts.SyntaxKind.QuestionQuestionToken,
  ts.SyntaxKind.AmpersandAmpersandEqualsToken,
  ts.SyntaxKind.BarBarEqualsToken,
  ts.SyntaxKind.QuestionQuestionEqualsToken,
]);

function isBranch(node: ts.Node): boolean {
  switch (node.kind) {
    case ts.SyntaxKind.IfStatement:
    case ts.SyntaxKind.ConditionalExpression:
    case ts.SyntaxKind.CaseClause:
    case ts.SyntaxKind.CatchClause:
    case ts.SyntaxKind.ForStatement:
    case ts.SyntaxKind.ForOfStatement:
    case ts.SyntaxKind.ForInStatement:
    case ts.SyntaxKind.WhileStatement:
    case ts.SyntaxKind.DoStatement:
      return true;
    case ts.SyntaxKind.BinaryExpression:
      return branchOperators.has((node as ts.BinaryExpression).operatorToken.kind);
    default:
      return false;
  }
}

function countBranches(fn: ts.FunctionLikeDeclaration): number {
  let count = 0;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node)) return;
    if (isBranch(node)) count++;
    ts.forEachChild(node, visit);
  };
  if (fn.body) ts.forEachChild(fn.body, visit);
  // A default parameter's `a ?? b` belongs to the function too.
  for (const parameter of fn.parameters) ts.forEachChild(parameter, visit);
  return count;
}

/** The nodes whose leading comment may justify `fn`: itself, then its parents up to the first statement or member. */
function anchors(fn: ts.Node): ts.Node[] {
  const found: ts.Node[] = [fn];
  let node = fn;
  while (
    node.parent &&
    !ts.isSourceFile(node.parent) &&
    !ts.isStatement(node) &&
    !ts.isClassElement(node) &&
    !ts.isObjectLiteralElement(node) &&
    !ts.isJsxAttribute(node)
  ) {
    node = node.parent;
    found.push(node);
  }
  return found;
}

/** True when the comment block directly above `node` (no blank line in between) has a `// Long: reason` line. */
function hasLongComment(source: ts.SourceFile, node: ts.Node): boolean {
  const text = source.getFullText();
  const startLine = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
  const lines = text.split('\n');
  for (let line = startLine - 1; line >= 0; line--) {
    const trimmed = lines[line].trim();
    if (!trimmed.startsWith('//')) return false;
    if (/^\/\/ Long: \S/.test(trimmed)) return true;
  }
  return false;
}

function nameOf(fn: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (fn.name) return fn.name.getText(source);
  const parent = fn.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText(source);
  }
  if (ts.isExportAssignment(parent)) return 'default';
  if (ts.isCallExpression(parent)) {
    const first = parent.arguments[0];
    const label = first && ts.isStringLiteralLike(first) ? `'${first.text}'` : '';
    return `${parent.expression.getText(source)}(${label}) callback`;
  }
  if (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent)) return `${parent.parent.name.getText(source)}=`;
  return '<anonymous>';
}

function lineOf(source: ts.SourceFile, position: number): number {
  return source.getLineAndCharacterOfPosition(position).line + 1;
}

/** Every function in one file with its size and whether a `// Long:` comment justifies it. */
function measureFunctions(fileName: string, text: string): Measured[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const measured: Measured[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node as ts.FunctionLikeDeclaration;
      const first = lineOf(source, fn.getStart(source));
      measured.push({
        line: first,
        name: nameOf(fn, source),
        lines: lineOf(source, fn.getEnd()) - first + 1,
        branches: countBranches(fn),
        justified: anchors(fn).some((anchor) => hasLongComment(source, anchor)),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return measured;
}

function sourceFiles(folder: string): string[] {
  if (skippedFolders.includes(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    const isSource = /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts');
    return isSource ? [path] : [];
  });
}

const tooBig = (f: Measured) => f.lines > maxLines || f.branches > maxBranches;
const describeOne = (file: string, f: Measured) =>
  `${file}:${f.line} ${f.name} (${f.lines} lines, ${f.branches} branches)`;

it(`no function under src/ is over ${maxLines} lines or ${maxBranches} branches without a "// Long:" reason`, () => {
  const files = sourceFiles(join(root, 'src'));
  expect(files.length).toBeGreaterThan(100);
  const offenders = files.flatMap((path) => {
    const file = relative(root, path);
    return measureFunctions(file, readFileSync(path, 'utf8'))
      .filter((f) => tooBig(f) && !f.justified)
      .map((f) => describeOne(file, f));
  });
  expect(offenders, `split these functions or say above each why it is long ("// Long: …")`).toEqual([]);
});

it(`no function under src/ is over ${hardMaxLines} lines, "// Long:" or not`, () => {
  const long = sourceFiles(join(root, 'src')).flatMap((path) => {
    const file = relative(root, path);
    return measureFunctions(file, readFileSync(path, 'utf8'))
      .filter((f) => f.lines > hardMaxLines)
      .map((f) => describeOne(file, f));
  });
  expect(long, 'split these functions into named parts (a reason does not excuse this length)').toEqual([]);
});

describe('the measure itself', () => {
  const long = (name: string) => `function ${name}() {\n${'  work();\n'.repeat(60)}}\n`;

  it('counts lines first to last and finds a long function', () => {
    const [f] = measureFunctions('x.ts', long('tooLong'));
    expect(f).toMatchObject({ line: 1, name: 'tooLong', lines: 62, justified: false });
    expect(tooBig(f)).toBe(true);
  });

  it('counts each kind of branch once, and not those of a nested function', () => {
    const text = `const decide = (a, b) => {
      if (a && b) return 1;
      for (const x of a) while (x) do {} while (b);
      for (;;) {} for (const k in b) {}
      try { a ?? b; } catch { b || a; }
      switch (a) { case 1: break; case 2: break; default: break; }
      const inner = () => (a ? b && a : b);
      return a ? 1 : 2;
    };`;
    const [outer, inner] = measureFunctions('x.ts', text);
    expect(outer).toMatchObject({ name: 'decide', branches: 13 });
    expect(inner).toMatchObject({ name: 'inner', branches: 2 });
  });

  it('accepts "// Long:" above the function, its declaration, its property or the call it is passed to', () => {
    const body = `{\n${'  work();\n'.repeat(60)}}`;
    const text = [
      `// Long: a declaration\nexport async function a() ${body}`,
      `// Why it exists.\n// Long: a const, after another comment line\nexport const b = async () => ${body};`,
      `const o = {\n  // Long: a property\n  c: () => ${body},\n};`,
      `// Long: the route table of one resource\napp.get('/x', {}, async () => ${body});`,
    ].join('\n');
    expect(measureFunctions('x.ts', text).map((f) => [f.name, f.justified])).toEqual([
      ['a', true],
      ['b', true],
      ['c', true],
      ["app.get('/x') callback", true],
    ]);
  });

  it('refuses a comment cut off by a blank line, an empty reason, or one on an outer statement', () => {
    const body = `{\n${'  work();\n'.repeat(60)}}`;
    const text = [
      `// Long: too far away\n\nfunction a() ${body}`,
      `// Long:\nfunction b() ${body}`,
      `// Long: the outer statement does not excuse a callback inside it\nfunction c() {\n  items.map(() => ${body});\n}`,
    ].join('\n');
    expect(measureFunctions('x.ts', text).map((f) => [f.name, f.justified])).toEqual([
      ['a', false],
      ['b', false],
      ['c', true],
      ['items.map() callback', false],
    ]);
  });
});
