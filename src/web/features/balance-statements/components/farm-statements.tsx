// The farm store's monthly statements (decision 064): pick a month that has ended, issue its
// statements to every active agent, and see who confirmed, disputed or has not answered (over a week:
// reminded). A dispute shows the agent's figure, note and photos, and is accepted (booked now on the
// ledger) or answered.
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { type BalanceStatement, monthLabel } from '../../../../shared/balance-statements.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useIssueStatements, useStatements } from '../api/statements.ts';
import { DisputedFigure } from './disputed-figure.tsx';
import { ResolveDisputeDialog } from './resolve-dispute-dialog.tsx';
import { resolutionText, StatementFigures, StatementStatusBadge, statusKeys } from './statement-figures.tsx';
import { StatementPdfButton } from './statement-pdf-button.tsx';
import { useDisputeResolution } from './use-dispute-resolution.ts';

/** The twelve months before this one, latest first (YYYY-MM). */
function endedMonths(now = new Date()): string[] {
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(now.getFullYear(), now.getMonth() - 1 - i, 1);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
  });
}

// Long: the screen's JSX: month, issue, counts, the cards and the issue confirmation.
export function FarmStatements() {
  const t = useT();
  const [months] = useState(endedMonths);
  const [month, setMonth] = useState(months[0]);
  const statements = useStatements(month);
  const issue = useIssueStatements();
  const [issuing, setIssuing] = useState(false);
  const list = statements.data ?? [];
  const counts = (['confirmed', 'disputed', 'waiting', 'resolved'] as const).map(
    (status) => [status, list.filter((s) => s.status === status).length] as const,
  );
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <Select
          label={t('balance-statements.monthField')}
          data={months.map((value) => ({ value, label: monthLabel(value, t) }))}
          value={month}
          onChange={(v) => v && setMonth(v)}
          allowDeselect={false}
          w={200}
        />
        <Button mih={44} onClick={() => setIssuing(true)}>
          {t('balance-statements.issueStatements')}
        </Button>
      </Group>
      {list.length > 0 && (
        <Text size="sm" data-testid="statement-counts">
          {counts
            .filter(([, n]) => n > 0)
            .map(([status, n]) => t('balance-statements.statusCount', { status: t(statusKeys[status]), n }))
            .join(' · ')}
        </Text>
      )}
      {statements.isSuccess && list.length === 0 && (
        <Text c="dimmed">{t('balance-statements.noStatements', { month: monthLabel(month, t) })}</Text>
      )}
      {statements.isError && <Alert color="red">{t('balance-statements.loadFailed')}</Alert>}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {list.map((s) => (
          <FarmStatement key={s.id} statement={s} />
        ))}
      </SimpleGrid>
      {issuing && (
        <ConfirmDialog
          title={t('balance-statements.issueFor', { month: monthLabel(month, t) })}
          confirmLabel={t('balance-statements.issueMonth', { month: monthLabel(month, t) })}
          loading={issue.isPending}
          error={<FormError error={issue.error} fallback={t('balance-statements.issueFailed')} />}
          onClose={() => {
            setIssuing(false);
            issue.reset();
          }}
          onConfirm={() =>
            issue.mutate(
              { month },
              {
                onSuccess: (made) => {
                  notifySuccess(t('balance-statements.issued', { count: made.length }));
                  setIssuing(false);
                },
              },
            )
          }
        >
          {t('balance-statements.issueText', { month: monthLabel(month, t) })}
        </ConfirmDialog>
      )}
    </Stack>
  );
}

// One agent's statement card: its figures, what it disputes, and the two ways to resolve a dispute.
function FarmStatement({ statement: s }: { statement: BalanceStatement }) {
  const t = useT();
  const resolution = useDisputeResolution(s);
  const resolved = resolutionText(s, t);
  return (
    <Card
      withBorder
      radius="md"
      p="md"
      component="article"
      data-testid="farm-statement"
      aria-label={t('balance-statements.statementOf', { name: s.agentName })}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {s.agentName}
          </Title>
          <StatementStatusBadge status={s.status} />
        </Group>
        {s.overdue && (
          <Text size="sm" c="red.9">
            {t('balance-statements.overdueReminded')}
          </Text>
        )}
        <StatementFigures statement={s} />
        <DisputedFigure statement={s} />
        {resolved && <Text size="sm">{resolved}</Text>}
        <StatementPdfButton statement={s} />
        {s.canResolve && (
          <Group gap="xs">
            <Button mih={44} onClick={() => resolution.start('accept')}>
              {t('balance-statements.acceptCount', { count: formatCount(s.believedClosing ?? 0) })}
            </Button>
            <Button mih={44} variant="default" onClick={() => resolution.start('answer')}>
              {t('balance-statements.answer')}
            </Button>
          </Group>
        )}
      </Stack>
      {resolution.action && <ResolveDisputeDialog statement={s} action={resolution.action} resolution={resolution} />}
    </Card>
  );
}
