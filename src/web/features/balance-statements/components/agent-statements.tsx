// The agent's monthly statements on its dashboard (decision 064): each waiting for its answer, with
// Confirm and Dispute; a dispute waiting for the farm store; and what the farm store decided on one
// lately (accepted and booked, or answered). Nothing shows when there is nothing to do or to read.
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { BalanceStatement } from '../../../../shared/balance-statements.ts';
import { monthLabel } from '../../../../shared/balance-statements-labels.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useConfirmStatement, useStatements } from '../api/statements.ts';
import { DisputeDialog, disputeIntent } from './dispute-dialog-lazy.tsx';
import { resolutionText, StatementFigures, StatementStatusBadge } from './statement-figures.tsx';
import { StatementPdfButton } from './statement-pdf-button.tsx';

/** Resolutions stay on the dashboard this long after the farm store's decision. */
const RECENT_MS = 30 * 24 * 3600 * 1000;

const shown = (s: BalanceStatement, now: number) =>
  s.status === 'waiting' ||
  s.status === 'disputed' ||
  (s.status === 'resolved' && s.resolvedAt !== null && now - new Date(s.resolvedAt).getTime() < RECENT_MS);

export function AgentStatements() {
  const t = useT();
  const statements = useStatements();
  const [now] = useState(() => Date.now());
  const list = (statements.data ?? []).filter((s) => shown(s, now));
  if (list.length === 0) return null;
  return (
    <Stack gap="sm" id="statements" component="section" aria-label={t('balance-statements.crateStatements')}>
      {list.map((s) => (
        <AgentStatement key={s.id} statement={s} />
      ))}
    </Stack>
  );
}

// Long: one statement card's JSX: figures, what the farm decided, Confirm and Dispute with their dialogs.
function AgentStatement({ statement: s }: { statement: BalanceStatement }) {
  const t = useT();
  const month = monthLabel(s.month, t);
  const confirm = useConfirmStatement();
  const [confirming, setConfirming] = useState(false);
  const [disputing, setDisputing] = useState(false);
  const resolution = resolutionText(s, t);
  return (
    <Card
      withBorder
      radius="md"
      p="md"
      data-testid="agent-statement"
      aria-label={t('balance-statements.crateStatementOf', { month })}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h5">
            {t('balance-statements.crateStatementTitle', { month })}
          </Title>
          <StatementStatusBadge status={s.status} />
        </Group>
        {s.status === 'waiting' && (
          <Text size="sm" c={s.overdue ? 'red.9' : undefined}>
            {s.overdue ? t('balance-statements.waitingOverAWeek') : ''}
            {t('balance-statements.checkFigures')}
          </Text>
        )}
        <StatementFigures statement={s} />
        <StatementPdfButton statement={s} />
        {s.status === 'disputed' && (
          <Text size="sm">{t('balance-statements.youSaid', { count: s.believedClosing ?? 0 })}</Text>
        )}
        {resolution && (
          <Alert color="blue" variant="light" p="xs" data-testid="statement-resolution">
            {resolution}
          </Alert>
        )}
        {(s.canConfirm || s.canDispute) && (
          <Group gap="xs">
            {s.canConfirm && (
              <Button mih={44} onClick={() => setConfirming(true)}>
                {t('balance-statements.confirm')}
              </Button>
            )}
            {s.canDispute && (
              <Button mih={44} variant="default" onClick={() => setDisputing(true)} {...disputeIntent}>
                {t('balance-statements.dispute')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      {confirming && (
        <ConfirmDialog
          title={t('balance-statements.confirmMonth', { month })}
          confirmLabel={t('balance-statements.confirmCrates', { count: s.closing })}
          loading={confirm.isPending}
          error={<FormError error={confirm.error} fallback={t('balance-statements.confirmFailed')} />}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            confirm.mutate(s.id, {
              onSuccess: () => {
                notifySuccess(t('balance-statements.confirmed'));
                setConfirming(false);
              },
            })
          }
        >
          {t('balance-statements.confirmText', { count: s.closing, month })}
        </ConfirmDialog>
      )}
      {disputing && <DisputeDialog statement={s} onClose={() => setDisputing(false)} />}
    </Card>
  );
}
