// A statement's figures (decision 064): opening, what came in and went out, closing and the crates of
// it at clients, as a two-column table that fits 375 px.
import { Badge, Table } from '@mantine/core';
import type { BalanceStatement } from '../../../../shared/balance-statements.ts';
import type { BalanceStatementStatus } from '../../../../shared/balance-statements-labels.ts';
import { formatCount } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';

const signed = (n: number, sign: '+' | '−' | 'auto') =>
  n === 0
    ? '0'
    : sign === 'auto'
      ? `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatCount(Math.abs(n))}`
      : `${sign}${formatCount(n)}`;

export function StatementFigures({ statement: s }: { statement: BalanceStatement }) {
  const t = useT();
  const rows: [string, string, boolean?][] = [
    [t('balance-statements.opening'), formatCount(s.opening)],
    [t('balance-statements.received'), signed(s.received, '+')],
    [t('balance-statements.sentBack'), signed(s.sentBack, '−')],
    [t('balance-statements.countDifferences'), signed(s.countDifferences, 'auto')],
    [t('balance-statements.writtenOffMissing'), signed(s.missing, '−')],
    [t('balance-statements.writtenOffDamaged'), signed(s.damaged, '−')],
    [t('balance-statements.adjustments'), signed(s.adjustments, 'auto')],
    [t('balance-statements.closing'), formatCount(s.closing), true],
    [t('balance-statements.atClients'), formatCount(s.atClients)],
  ];
  return (
    <Table withRowBorders aria-label={t('balance-statements.figures')} data-testid="statement-figures">
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

/** Each status's catalogue key. */
export const statusKeys: Record<BalanceStatementStatus, string> = {
  waiting: 'balance-statements.statusWaiting',
  confirmed: 'balance-statements.statusConfirmed',
  disputed: 'balance-statements.statusDisputed',
  resolved: 'balance-statements.statusResolved',
};

export function StatementStatusBadge({ status }: { status: BalanceStatementStatus }) {
  const t = useT();
  return (
    <Badge color={statusColors[status]} variant="filled" autoContrast data-testid="statement-status">
      {t(statusKeys[status])}
    </Badge>
  );
}

/** What became of a dispute, in the agent's words: accepted (and what was booked) or answered. */
export function resolutionText(
  s: BalanceStatement,
  t: (key: string, values?: Record<string, string | number>) => string,
): string | null {
  if (s.status !== 'resolved') return null;
  const note = s.resolutionNote ? ` “${s.resolutionNote}”` : '';
  if (s.resolution === 'answered') return `${t('balance-statements.farmAnswered', { count: s.closing })}${note}`;
  const n = s.adjustment ?? 0;
  const believed = s.believedClosing ?? s.closing;
  return `${t('balance-statements.farmAccepted', { count: believed, booked: signed(n, 'auto') })}${note}`;
}
