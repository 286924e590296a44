// /clients/{id}/statement: one client's loans and returns with a running balance, to print or save
// as PDF from the browser (docs/decisions/018).
import { Alert, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { NothingSaved } from '../../../components/nothing-saved.tsx';
import { RoleGate } from '../../../components/role-gate.tsx';
import { NotFoundCard } from '../../../components/status-screens.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { readShows } from '../../../lib/offline/read-shows.ts';
import { useOnline } from '../../../lib/offline/status.ts';
import { useClientStatement } from '../api/get-client-statement.ts';
import { ActiveBadge } from '../components/client-card.tsx';
import './statement-print.css';
import { useT } from '../../../lib/i18n/use-t.ts';

export function ClientStatementPage() {
  const t = useT();
  const { id } = useParams();
  const clientId = Number(id);
  if (!/^\d{1,10}$/.test(id ?? '') || clientId < 1) return <NotFoundCard />;
  return (
    <RoleGate permission="read:client:own" denied={t('clients.accessDenied')}>
      <Statement clientId={clientId} />
    </RoleGate>
  );
}

// Long: the printable statement's layout: header, totals and the table of movements, one page.
function Statement({ clientId }: { clientId: number }) {
  const t = useT();
  const statement = useClientStatement(clientId);
  const online = useOnline();
  if (statement.error instanceof ApiError && statement.error.status === 404) return <NotFoundCard />;
  const shows = readShows(statement, online);
  if (shows === 'failed') return <Alert color="red">{t('clients.statementLoadFailed')}</Alert>;
  if (shows === 'nothing-saved') return <NothingSaved />;
  if (!statement.data) return <Skeleton height={240} />;
  const { client, entries, agentName, generatedAt } = statement.data;
  const lent = entries.filter((e) => e.kind === 'lend').reduce((sum, e) => sum + e.quantity, 0);
  const returned = entries.filter((e) => e.kind === 'return').reduce((sum, e) => sum + e.quantity, 0);

  return (
    <Stack gap="md">
      <Group justify="space-between" data-print-hide>
        <Button component={Link} to={paths.clients.href()} variant="subtle" px="xs">
          {t('clients.backToClients')}
        </Button>
        <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
          {t('clients.print')}
        </Button>
      </Group>
      <Card withBorder radius="md" p="lg">
        <Stack gap={4}>
          <Title order={1} size="h3">
            {t('clients.statementTitle', { name: client.businessName })}
          </Title>
          <Group gap="xs">
            <Text>{client.clientName}</Text>
            <Text c="dimmed">· {client.contactNumber}</Text>
            <ActiveBadge isActive={client.isActive} />
          </Group>
          <Text size="sm" c="dimmed">
            {t('clients.statementFrom', { agent: agentName, when: formatDateTime(generatedAt) })}
          </Text>
          <Group gap="lg" mt="xs">
            <Text size="sm">
              {t('clients.lentLabel')} <strong>{formatCount(lent)}</strong>
            </Text>
            <Text size="sm">
              {t('clients.returnedLabel')} <strong>{formatCount(returned)}</strong>
            </Text>
            <Text size="sm" data-testid="statement-outstanding">
              {t('clients.outstandingLabel')} <strong>{formatCount(client.outstandingCrates)}</strong>
            </Text>
          </Group>
        </Stack>
      </Card>
      {entries.length === 0 ? (
        <Text c="dimmed">{t('clients.noEntries')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped withTableBorder aria-label={t('clients.entriesTable')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('clients.date')}</Table.Th>
                <Table.Th>{t('clients.entry')}</Table.Th>
                <Table.Th ta="right">{t('clients.crates')}</Table.Th>
                <Table.Th ta="right">{t('clients.balance')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <Table.Tr key={e.id} data-testid="statement-entry">
                  <Table.Td>{formatDateTime(e.occurredAt)}</Table.Td>
                  <Table.Td>
                    {t(e.kind === 'lend' ? 'clients.entryLent' : 'clients.entryReturned', {
                      loan: e.clientTransactionId,
                    })}
                    {e.notes ? ` · ${e.notes}` : ''}
                  </Table.Td>
                  <Table.Td ta="right">{e.kind === 'lend' ? `+${e.quantity}` : `−${e.quantity}`}</Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {formatCount(e.balance)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
