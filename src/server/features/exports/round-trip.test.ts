// Exports round-trip through the importer (decisions 049 and 050): a file imported
// into farm A, exported as clients.csv, imports into a fresh farm B, whose clients and crates on loan
// then equal A's. The clients file carries the importer's own column labels, the agent's e-mail and
// what a new agent needs, so B's agents are created by that import (with printed first passwords).
import { describe, expect, it } from 'vitest';
import { type Account, registerAs } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { EXPORT_COLUMNS, exportUrl } from '../../../shared/exports.ts';
import { guessMapping, type ImportPreview, type ImportResult, importFieldLabels } from '../../../shared/imports.ts';
import { checkLedgerInvariant } from '../invariant/service.ts';

const appA = await buildTestApp();
const appB = await buildTestApp();
const farmA = await registerAs(appA, 'farm_store');
const farmB = await registerAs(appB, 'farm_store');

const upload = (farm: Account, path: '/api/imports' | '/api/imports/preview', fileName: string, content: Buffer) =>
  farm.inject({ method: 'POST', url: path, payload: { fileName, content: content.toString('base64') } });

async function importFile(farm: Account, fileName: string, content: Buffer) {
  const preview = (await upload(farm, '/api/imports/preview', fileName, content)).json() as ImportPreview;
  expect(preview.problems).toEqual([]);
  const res = await upload(farm, '/api/imports', fileName, content);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ImportResult;
}

async function exportClients(farm: Account) {
  const res = await farm.inject({ method: 'GET', url: exportUrl('clients', {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

/** The parts of a clients file that belong to the farm's records, not to its ids and clock. */
function records(file: Buffer) {
  const [header, ...lines] = file.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(header.split(',')).toEqual(EXPORT_COLUMNS.clients);
  // No cell here holds a comma or a quote: a split reads it.
  return lines.map((line) => line.split(',').slice(3).join(',')).sort();
}

describe('clients.csv round-trips through the importer', () => {
  it('maps every column the importer needs by its header', () => {
    const mapping = guessMapping(EXPORT_COLUMNS.clients);
    for (const [field, label] of Object.entries(importFieldLabels)) {
      if (field === 'fullCrates' || field === 'emptyCrates') expect(mapping[field as 'fullCrates']).toBeNull();
      else expect(EXPORT_COLUMNS.clients[mapping[field as keyof typeof mapping]!]).toBe(label);
    }
  });

  it('a file imported into farm A, exported, imports into farm B with equal clients and loans', async () => {
    const paper = [
      'Agent e-mail,Agent name,Phone,Market,Full crates,Empty crates,Client business,Client name,Client phone,Loan',
      'sipho@paper.farm,Sipho Paper,+27 82 555 0101,Pretoria,40,12,-Minus Greens,Anna,083 123 4567,7',
      'sipho@paper.farm,,,,,,Corner Café,Ben,+27 83 123 4568,0',
      'lindi@paper.farm,Lindi Paper,082 555 0102,,0,3,Lindi Fruit,Carl,083 123 4569,4',
    ].join('\n');
    await importFile(farmA, 'paper.csv', Buffer.from(paper, 'utf8'));
    const fromA = await exportClients(farmA);
    // The formula-like cells come out neutralised, and go back in as they were typed.
    expect(fromA.toString('utf8')).toContain(`,'-Minus Greens,`);
    expect(fromA.toString('utf8')).toContain(`,'+27 82 555 0101,`);

    const result = await importFile(farmB, 'clients-from-a.csv', fromA);
    expect(result.accounts.map((a) => a.email).sort()).toEqual(['lindi@paper.farm', 'sipho@paper.farm']);
    expect(result.summary).toMatchObject({ newAgents: 2, clients: 3, cratesOnLoan: 11 });
    const fromB = await exportClients(farmB);
    expect(records(fromB)).toEqual(records(fromA));
    expect(records(fromB)).toContain(
      "sipho@paper.farm,Sipho Paper,'+27 82 555 0101,Pretoria Market,,'-Minus Greens,Anna,083 123 4567,Yes,7,en",
    );
    expect((await checkLedgerInvariant(appB.db)).problems).toEqual([]);
  });
});
