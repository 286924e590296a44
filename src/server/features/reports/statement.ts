// The billing statement (spec §2 Billing 'Generate Statement', §7 generate with reportType billing):
// one self-contained printable HTML page of a cycle: its dates exactly as stored (YYYY-MM-DD, never
// re-read through Date, which turned 0099 into 1999), its rate and status, each agent's crates, amount,
// recorded payment and what it is still owed, with bank details masked to the last four digits, the
// totals, and the agents owed money whom the payout file leaves out for want of bank details (issue
// 20). Every value goes through the escaping html tag; no scripts, no external resources.
import { maskAccountNumber } from '../../../shared/bank-account.ts';
import { billingMessages, type CycleStatus } from '../../../shared/billing.ts';
import { formatRandDecimal } from '../../../shared/money.ts';
import { html, printableDocument, SafeHtml } from '../../lib/html.ts';
import type { BillingCycle } from '../billing/reads.ts';

/** One agent's line of the statement: billing's record of it in the cycle. */
export type StatementRow = {
  marketAgentId: number;
  agentName: string;
  agentNumber: string;
  businessName: string | null;
  bankName: string | null;
  accountNumber: string | null;
  branchCode: string | null;
  accountHolderName: string | null;
  /** Bank, account number, branch code and holder all given: only then is the agent in the payout file. */
  hasBankDetails: boolean;
  cratesReturned: number;
  amount: string;
  paid: string;
  paidOn: string | null;
  paymentReference: string | null;
  owed: string;
  /** owed above zero. */
  isOwed: boolean;
};

export type StatementTotals = {
  totalCrates: number;
  totalAmount: string;
  totalPaid: string;
  totalOwed: string;
  /** Owed to agents without complete bank details: what the payout file leaves out. */
  missingBankDetailsAmount: string;
};

const statusLabels: Record<CycleStatus, string> = {
  upcoming: 'Upcoming Cycle',
  active: billingMessages.activeBadge,
  completed: billingMessages.completedBadge,
  paid: 'Paid Cycle',
};

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
  .small { font-size: 0.85em; color: #4a564a; }
  .empty { color: #4a564a; font-style: italic; }
  @media print {
    body { margin: 0; max-width: none; font-size: 10pt; }
    th { background: none; }
    tr { break-inside: avoid; }
    @page { margin: 15mm; }
  }
`);

type StatementInput = {
  cycle: BillingCycle;
  status: CycleStatus;
  /** The one agent the statement is narrowed to, or null for every agent. */
  agent: { name: string; agentNumber: string } | null;
  rows: StatementRow[];
  generatedAt: Date;
  timeZone: string;
  /** FARM_NAME: whose statement it is (decision 049). */
  farmName: string;
} & StatementTotals;

export function renderBillingStatement(input: StatementInput): string {
  const { cycle, agent } = input;
  const generated = new Intl.DateTimeFormat('en-ZA', {
    timeZone: input.timeZone,
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(input.generatedAt);
  const title = `${input.farmName}: Billing statement: ${cycle.startDate} to ${cycle.endDate}${agent ? ` for ${agent.name}` : ''}`;
  return printableDocument(
    title,
    styles,
    html`<p class="meta">${statusLabels[input.status]} · generated ${generated}. Print this page or save it as a PDF from the browser.</p>
<dl>
  <dt>Farm</dt><dd>${input.farmName}</dd>
  <dt>Period</dt><dd>${cycle.startDate} to ${cycle.endDate}</dd>
  ${agent ? html`<dt>Market agent</dt><dd>${agent.name} (${agent.agentNumber})</dd>` : ''}
  <dt>Start date</dt><dd>${cycle.startDate}</dd>
  <dt>End date</dt><dd>${cycle.endDate}</dd>
  <dt>Rate per crate</dt><dd>${formatRandDecimal(cycle.ratePerCrate)}</dd>
  <dt>Total returned crates</dt><dd>${input.totalCrates}</dd>
  <dt>Total value</dt><dd>${formatRandDecimal(input.totalAmount)}</dd>
  <dt>Total paid</dt><dd>${formatRandDecimal(input.totalPaid)}</dd>
  <dt>Owed</dt><dd>${formatRandDecimal(input.totalOwed)}</dd>
</dl>
<h2>Agent Performance</h2>
${agentTable(input)}
${notInPayoutFile(input)}`,
  );
}

const bank = (r: StatementRow) =>
  r.hasBankDetails
    ? html`${r.bankName}<br>${r.accountHolderName}<br>Account ${maskAccountNumber(r.accountNumber) ?? '—'}<br>Branch ${r.branchCode}`
    : html`<span class="warning">${billingMessages.bankDetailsRequired}</span>`;

const paid = (r: StatementRow) =>
  r.paidOn
    ? html`${formatRandDecimal(r.paid)}<br><span class="small">${r.paidOn}, ref ${r.paymentReference}</span>`
    : formatRandDecimal(r.paid);

/** Each agent's crates, amount, payment and what it is still owed, with the totals under them. */
function agentTable({ rows, agent, ...input }: StatementInput) {
  if (rows.length === 0) {
    return html`<p class="empty">No empty crates have been billed to this cycle${agent ? ' for this agent' : ''}.</p>`;
  }
  return html`<table>
  <thead><tr><th scope="col">Agent</th><th scope="col">Business</th><th scope="col">Agent number</th><th scope="col">Bank details</th><th scope="col" class="num">Crates returned</th><th scope="col" class="num">Amount</th><th scope="col" class="num">Paid</th><th scope="col" class="num">Owed</th></tr></thead>
  <tbody>
    ${rows.map(
      (r) =>
        html`<tr><td>${r.agentName}</td><td>${r.businessName ?? 'Business TBD'}</td><td>${r.agentNumber}</td><td>${bank(r)}</td><td class="num">${r.cratesReturned}</td><td class="num">${formatRandDecimal(r.amount)}</td><td class="num">${paid(r)}</td><td class="num">${formatRandDecimal(r.owed)}</td></tr>`,
    )}
  </tbody>
  <tfoot><tr><td colspan="4">Total</td><td class="num">${input.totalCrates}</td><td class="num">${formatRandDecimal(input.totalAmount)}</td><td class="num">${formatRandDecimal(input.totalPaid)}</td><td class="num">${formatRandDecimal(input.totalOwed)}</td></tr></tfoot>
</table>`;
}

/** The agents owed money whom the payout file leaves out for want of bank details. */
function notInPayoutFile({ rows, missingBankDetailsAmount }: StatementInput) {
  const leftOut = rows.filter((r) => r.isOwed && !r.hasBankDetails);
  if (leftOut.length === 0) return '';
  return html`<section aria-labelledby="not-in-payout">
<h2 id="not-in-payout" class="warning">${billingMessages.notInPayoutFile}</h2>
<table>
  <thead><tr><th scope="col">Agent</th><th scope="col">Agent number</th><th scope="col" class="num">Owed</th></tr></thead>
  <tbody>
    ${leftOut.map(
      (r) =>
        html`<tr><td>${r.agentName}</td><td>${r.agentNumber}</td><td class="num">${formatRandDecimal(r.owed)}</td></tr>`,
    )}
  </tbody>
  <tfoot><tr><td colspan="2">Total not in the payout file</td><td class="num">${formatRandDecimal(missingBankDetailsAmount)}</td></tr></tfoot>
</table>
</section>`;
}
