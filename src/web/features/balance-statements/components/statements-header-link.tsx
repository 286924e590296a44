// The agent's header badge for statements (decision 064): how many wait for its answer, a link to
// them on the dashboard; red and saying so once one has waited over a week (the reminder).
import { Button } from '@mantine/core';
import { IconFileCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useWaitingStatements } from '../api/statements.ts';

export function StatementsHeaderLink({ to, enabled }: { to: string; enabled: boolean }) {
  const t = useT();
  const { count, overdue } = useWaitingStatements(enabled);
  if (!enabled || count === 0) return null;
  return (
    <Button
      component={Link}
      to={to}
      color={overdue ? 'red.9' : 'orange.9'}
      variant="filled"
      h={44}
      miw={44}
      // Its number stays whole on a phone; the logo gives way first (decision 067).
      style={{ flexShrink: 0 }}
      px="sm"
      leftSection={<IconFileCheck size={20} aria-hidden />}
      aria-label={t('balance-statements.headerCount', { count, overdue: overdue ? 'yes' : 'no' })}
      data-testid="header-statements-count"
    >
      {count}
    </Button>
  );
}
