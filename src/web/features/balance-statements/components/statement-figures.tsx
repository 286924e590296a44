// A statement's figures (decision 064): opening, what came in and went out, closing and the crates of
// it at clients, as a two-column table that fits 375 px.
import { Badge, Table } from '@mantine/core';
import type { BalanceStatement } from '../../../../shared/balance-statements.ts';
import { type BalanceStatementStatus, statementStatusLabels } from '../../../../shared/balance-statements-labels.ts';
import { formatCount } from '../../../lib/format.ts';

const signed = (n: number, sign: '+' | '−' | 'auto') =>
  n === 0
    ? '0'
    : sign === 'auto'
      ? `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatCount(Math.abs(n))}`
      : `${sign}${formatCount(n)}`;

export function StatementFigures({ statement: s }: { statement: BalanceStatement }) {
  const rows: [string, string, boolean?][] = [
    ['Opening balance', formatCount(s.opening)],
    ['Deliveries received', signed(s.received, '+')],
    ['Empties sent back', signed(s.sentBack, '−')],
    ['Count differences', signed(s.countDifferences, 'auto')],
    ['Written off: missing', signed(s.missing, '−')],
    ['Written off: damaged', signed(s.damaged, '−')],
    ['Adjustments', signed(s.adjustments, 'auto')],
    ['Closing balance', formatCount(s.closing), true],
    ['of which at clients', formatCount(s.atClients)],
  ];
  return (
    <Table withRowBorders aria-label="Statement figures" data-testid="statement-figures">
      <Table.Tbody>
        {rows.map(([label, value, strong]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" fw={strong ? 800 : 500}>
              {label}
            </Table.Th>
            <Table.Td ta="right" fw={strong ? 800 : 400} data-testid={strong ? 'statement-closing' : undefined}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const statusColors: Record<BalanceStatementStatus, string> = {
  waiting: 'orange',
  confirmed: 'green.9',
  disputed: 'red.9',
  resolved: 'blue.9',
};

export function StatementStatusBadge({ status }: { status: BalanceStatementStatus }) {
  return (
    <Badge color={statusColors[status]} variant="filled" autoContrast data-testid="statement-status">
      {statementStatusLabels[status]}
    </Badge>
  );
}

/** What became of a dispute, in the agent's words: accepted (and what was booked) or answered. */
export function resolutionText(s: BalanceStatement): string | null {
  if (s.status !== 'resolved') return null;
  const note = s.resolutionNote ? ` “${s.resolutionNote}”` : '';
  if (s.resolution === 'answered')
    return `The farm store answered: the statement stays at ${formatCount(s.closing)}.${note}`;
  const n = s.adjustment ?? 0;
  return `The farm store accepted ${formatCount(s.believedClosing ?? s.closing)}: ${signed(n, 'auto')} crates booked this month.${note}`;
}
