// 'Open Transactions' (spec §2): every loan with crates out, its age in days and an overdue mark
// past LOAN_OVERDUE_DAYS, each with 'Process Return' (opens the return dialog preselected).
import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ClientTransaction } from '../../../../shared/clients.ts';
import { NothingSaved } from '../../../components/nothing-saved.tsx';
import { QueuedNote } from '../../../components/queued-note.tsx';
import { crates, formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useReadShows } from '../../../lib/offline/read-shows.ts';
import { useOpenTransactions } from '../api/get-open-transactions.ts';

export function LoanAge({ loan }: { loan: ClientTransaction }) {
  const t = useT();
  return (
    <Group gap={6}>
      <Text size="xs" c="dimmed">
        {t('clients.lentAgo', { date: formatDate(loan.createdAt), days: loan.daysOut })}
      </Text>
      {loan.isOverdue && (
        <Badge color="red.9" variant="filled" size="sm" style={{ flexShrink: 0 }}>
          {t('clients.overdue')}
        </Badge>
      )}
    </Group>
  );
}

export function OpenTransactions({ onProcessReturn }: { onProcessReturn: (loan: ClientTransaction) => void }) {
  const t = useT();
  const open = useOpenTransactions();
  const shows = useReadShows(open);
  return (
    <Card withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        {t('clients.openTransactions')}
      </Title>
      {shows === 'loading' && <Skeleton height={56} />}
      {shows === 'nothing-saved' && <NothingSaved />}
      {open.data?.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('clients.noOpenTransactionsAll')}
        </Text>
      )}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {open.data?.map((loan) => (
          <li key={loan.id} data-testid="open-transaction">
            <Group justify="space-between" gap="xs" py={4}>
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {loan.businessName} · {loan.clientName}
                </Text>
                <Text size="sm">
                  {t('clients.loanOut', { out: loan.cratesOut, crates: crates(loan.quantityBorrowed) })}
                  {loan.notes ? ` · ${loan.notes}` : ''}
                </Text>
                <LoanAge loan={loan} />
                <QueuedNote subject={{ loanId: loan.id }} />
              </div>
              {loan.canReturn && (
                <Button size="xs" variant="light" onClick={() => onProcessReturn(loan)}>
                  {t('clients.processReturn')}
                </Button>
              )}
            </Group>
          </li>
        ))}
      </Stack>
    </Card>
  );
}
