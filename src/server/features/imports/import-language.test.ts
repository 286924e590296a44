// A client's language in an import (decision 065): an optional Language column, a code (en, zu, st,
// af) or the language's name; another word is the row's problem; none given: English.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { type ImportPreview, importRowMessages } from '../../../shared/imports.ts';
import { clients } from '../../db/schema/index.ts';

const { app, farm } = await testFarm();

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const upload = (path: '/api/imports' | '/api/imports/preview', fileName: string, text: string, extra = {}) =>
  farm.inject({ method: 'POST', url: path, payload: { fileName, content: b64(text), ...extra } });

const stamp = Date.now().toString(36);
const HEADER = 'Agent e-mail,Agent name,Phone,Client business,Client name,Client phone,Crates on loan,Language';
const agentRow = `lang-${stamp}@paper.farm,Lang Agent,082 111 2222,,,,,`;
const clientRow = (business: string, language: string) =>
  `lang-${stamp}@paper.farm,,,${business} ${stamp},Mary,083 000 0000,2,${language}`;

const languageOf = async (business: string) =>
  (await app.db.select({ language: clients.language }).from(clients).where(eq(clients.businessName, business)))[0]
    ?.language;

describe("a client's language column", () => {
  it('reads a code or a name, and English when empty', async () => {
    const file = [
      HEADER,
      agentRow,
      clientRow('Zulu Shop', 'zu'),
      clientRow('Sotho Shop', 'Sesotho'),
      clientRow('Afrikaans Shop', 'AFRIKAANS'),
      clientRow('Plain Shop', ''),
    ].join('\n');
    const preview = (await upload('/api/imports/preview', 'languages.csv', file)).json() as ImportPreview;
    expect(preview.problems).toEqual([]);
    expect(preview.mapping.clientLanguage).toBe(7);
    const res = await upload('/api/imports', 'languages.csv', file, { mapping: preview.mapping });
    expect(res.statusCode, res.body).toBe(201);
    expect(await languageOf(`Zulu Shop ${stamp}`)).toBe('zu');
    expect(await languageOf(`Sotho Shop ${stamp}`)).toBe('st');
    expect(await languageOf(`Afrikaans Shop ${stamp}`)).toBe('af');
    expect(await languageOf(`Plain Shop ${stamp}`)).toBe('en');
  });

  it('lists another language as the row’s problem under its column', async () => {
    const file = [
      HEADER,
      agentRow.replace('lang-', 'other-'),
      clientRow('French Shop', 'fr').replace('lang-', 'other-'),
    ];
    const preview = (await upload('/api/imports/preview', 'french.csv', file.join('\n'))).json() as ImportPreview;
    expect(preview.problems).toEqual([{ line: 3, column: 'Language', message: importRowMessages.languageUnknown }]);
  });
});
