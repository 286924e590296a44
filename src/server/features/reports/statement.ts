// The billing statement (spec §2 Billing 'Generate Statement', §7 generate with reportType billing):
// one self-contained printable HTML page of the active cycle: its dates and rate, each agent's crates
// returned and amount with bank details masked to the last four digits, and the totals. Every value
// goes through the escaping html tag; no scripts, no external resources.
import { maskAccountNumber } from '../../../shared/bank-account.ts';
import { formatRandDecimal } from '../../../shared/money.ts';
import { html, printableDocument, SafeHtml } from '../../lib/html.ts';
import type { BillingCycle } from '../billing/reads.ts';
import { longDate } from './emails.ts';
import type { StatementRow } from './repository.ts';

const styles = new SafeHtml(`
  body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1f2a1f; margin: 2rem auto; max-width: 900px; padding: 0 1rem; }
  h1 { font-size: 1.6rem; margin-bottom: 0.25rem; }
  .meta { color: #4a564a; margin-top: 0; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  table { border-collapse: collapse; width: 100%; margin: 1rem 0; font-size: 0.9rem; }
  th, td { border-bottom: 1px solid #d8e0d8; padding: 0.35rem 0.5rem; text-align: left; vertical-align: top; }
  th { background: #f0f5f0; }
  tfoot td { font-weight: 700; border-top: 2px solid #1f2a1f; }
  .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  .warning { color: #8a4b00; }
  .empty { color: #4a564a; font-style: italic; }
  @media print {
    body { margin: 0; max-width: none; font-size: 10pt; }
    th { background: none; }
    tr { break-inside: avoid; }
    @page { margin: 15mm; }
  }
`);

export function renderBillingStatement(input: {
  cycle: BillingCycle;
  rows: StatementRow[];
  totalCrates: number;
  totalAmount: string;
  generatedAt: Date;
  timeZone: string;
}): string {
  const { cycle, rows } = input;
  const generated = new Intl.DateTimeFormat('en-ZA', {
    timeZone: input.timeZone,
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(input.generatedAt);
  const title = `Billing statement: ${longDate(cycle.startDate)} to ${longDate(cycle.endDate)}`;
  const bank = (r: StatementRow) =>
    r.bankName
      ? html`${r.bankName}<br>${r.accountHolderName ?? ''}${r.accountHolderName ? html`<br>` : ''}Account ${maskAccountNumber(r.accountNumber) ?? '—'}${r.branchCode ? html`<br>Branch ${r.branchCode}` : ''}`
      : html`<span class="warning">Bank details required for EFT payment</span>`;
  return printableDocument(
    title,
    styles,
    html`<p class="meta">Active Cycle · generated ${generated}. Print this page or save it as a PDF from the browser.</p>
<dl>
  <dt>Start date</dt><dd>${longDate(cycle.startDate)}</dd>
  <dt>End date</dt><dd>${longDate(cycle.endDate)}</dd>
  <dt>Rate per crate</dt><dd>${formatRandDecimal(cycle.ratePerCrate)}</dd>
  <dt>Total returned crates</dt><dd>${input.totalCrates}</dd>
  <dt>Total value</dt><dd>${formatRandDecimal(input.totalAmount)}</dd>
</dl>
<h2>Agent Performance</h2>
${
  rows.length === 0
    ? html`<p class="empty">No empty crates have been returned in this cycle yet.</p>`
    : html`<table>
  <thead><tr><th scope="col">Agent</th><th scope="col">Business</th><th scope="col">Agent number</th><th scope="col">Bank details</th><th scope="col" class="num">Crates returned</th><th scope="col" class="num">Amount</th></tr></thead>
  <tbody>
    ${rows.map(
      (r) =>
        html`<tr><td>${r.agentName}</td><td>${r.businessName ?? 'Business TBD'}</td><td>${r.agentNumber}</td><td>${bank(r)}</td><td class="num">${r.cratesReturned}</td><td class="num">${formatRandDecimal(r.amount)}</td></tr>`,
    )}
  </tbody>
  <tfoot><tr><td colspan="4">Total</td><td class="num">${input.totalCrates}</td><td class="num">${formatRandDecimal(input.totalAmount)}</td></tr></tfoot>
</table>`
}`,
  );
}
