// The confirmation before a dispute is resolved (decision 064): accepting books the difference on
// this month's ledger, answering keeps the statement and needs the farm store's answer.
import { Stack, Text, Textarea } from '@mantine/core';
import { type BalanceStatement, monthLabel } from '../../../../shared/balance-statements.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { formatCount } from '../../../lib/format.ts';
import type { DisputeResolution, ResolveAction } from './use-dispute-resolution.ts';

export function ResolveDisputeDialog({
  statement: s,
  action,
  resolution: r,
}: {
  statement: BalanceStatement;
  action: ResolveAction;
  resolution: DisputeResolution;
}) {
  const difference = (s.believedClosing ?? s.closing) - s.closing;
  return (
    <ConfirmDialog
      title={action === 'accept' ? `Accept ${s.agentName}'s figure` : `Answer ${s.agentName}`}
      confirmLabel={
        action === 'accept'
          ? `Book ${difference > 0 ? '+' : '−'}${formatCount(Math.abs(difference))} crates`
          : 'Send answer'
      }
      loading={r.resolve.isPending}
      error={<FormError error={r.resolve.error} fallback="The dispute could not be resolved" />}
      onClose={r.close}
      onConfirm={r.send}
    >
      <Stack gap="xs">
        <Text size="sm">
          {action === 'accept'
            ? `${formatCount(Math.abs(difference))} crates are booked ${difference > 0 ? 'to' : 'off'} ${s.agentName}'s account this month; ${monthLabel(s.month)} stays as issued.`
            : `The statement stays at ${formatCount(s.closing)}; ${s.agentName} reads your answer.`}
        </Text>
        <Textarea
          label={action === 'accept' ? 'Note (optional)' : 'Your answer'}
          value={r.note}
          onChange={(e) => r.changeNote(e.currentTarget.value)}
          error={r.noteError}
          autosize
          minRows={2}
        />
      </Stack>
    </ConfirmDialog>
  );
}
