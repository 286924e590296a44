// No dead exports (decision 069): every value a file under src/ exports (a const, function or class)
// is named somewhere else — another source file, a test, bench/ or scripts/ — or used in its own file.
// A value nobody uses is deleted, not kept "in case". The database schema's tables are read by
// drizzle-kit through schema/index.ts and are left out.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

function files(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.name === 'node_modules' || entry.name === 'migrations') return [];
    if (entry.isDirectory()) return files(path);
    return /\.(tsx?|mjs|cjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The names of the values a file exports by declaration (`export const`, `export function`, `export class`). */
function exportedValues(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  return source.statements.flatMap((statement) => {
    if (!ts.canHaveModifiers(statement)) return [];
    if (!ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return [];
    if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.map((d) => d.name.getText());
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
      return [statement.name.text];
    }
    return [];
  });
}

it('has no exported value that nothing uses', () => {
  const everything = ['src', 'tests', 'bench', 'scripts'].flatMap((folder) => files(join(root, folder)));
  const texts = new Map(everything.map((path) => [path, readFileSync(path, 'utf8')]));
  const measured = everything.filter(
    (path) => /\/src\/.*\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && !path.includes('/src/server/db/schema/'),
  );
  expect(measured.length).toBeGreaterThan(100);
  const dead = measured.flatMap((path) => {
    const text = texts.get(path)!;
    return exportedValues(path, text)
      .filter((name) => {
        const pattern = `\\b${name.replace(/\$/g, '\\$')}\\b`;
        if ((text.match(new RegExp(pattern, 'g')) ?? []).length > 1) return false;
        const word = new RegExp(pattern);
        return ![...texts].some(([other, otherText]) => other !== path && word.test(otherText));
      })
      .map((name) => `${relative(root, path)}: ${name}`);
  });
  expect(dead, 'exported values nothing uses: delete them').toEqual([]);
});
