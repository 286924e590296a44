// The confirmation before a dispute is resolved (decision 064): accepting books the difference on
// this month's ledger, answering keeps the statement and needs the farm store's answer.
import { Stack, Text, Textarea } from '@mantine/core';
import { type BalanceStatement, monthLabel } from '../../../../shared/balance-statements.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
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
  const t = useT();
  const difference = (s.believedClosing ?? s.closing) - s.closing;
  const sign = difference > 0 ? '+' : '−';
  return (
    <ConfirmDialog
      title={
        action === 'accept'
          ? t('balance-statements.acceptFigure', { name: s.agentName })
          : t('balance-statements.answerAgent', { name: s.agentName })
      }
      confirmLabel={
        action === 'accept'
          ? t('balance-statements.bookCrates', { count: `${sign}${formatCount(Math.abs(difference))}` })
          : t('balance-statements.sendAnswer')
      }
      loading={r.resolve.isPending}
      error={<FormError error={r.resolve.error} fallback={t('balance-statements.resolveFailed')} />}
      onClose={r.close}
      onConfirm={r.send}
    >
      <Stack gap="xs">
        <Text size="sm">
          {action === 'accept'
            ? t('balance-statements.acceptText', {
                count: Math.abs(difference),
                direction: difference > 0 ? 'to' : 'off',
                name: s.agentName,
                month: monthLabel(s.month, t),
              })
            : t('balance-statements.answerText', { count: s.closing, name: s.agentName })}
        </Text>
        <Textarea
          label={action === 'accept' ? t('balance-statements.noteOptional') : t('balance-statements.yourAnswer')}
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
