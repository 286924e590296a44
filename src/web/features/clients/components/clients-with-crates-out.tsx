// The market agent dashboard's clients with crates out above zero (spec §2), each with a return taken
// on the spot (PUT /api/client-transactions/{id}/return against its oldest open loan) and a WhatsApp
// reminder. Failures here are toasts, like the rest of the dashboard (spec §8).
import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { Client, ClientTransaction } from '../../../../shared/clients.ts';
import { paths } from '../../../app/paths.ts';
import { NothingSaved } from '../../../components/nothing-saved.tsx';
import { QueuedNote } from '../../../components/queued-note.tsx';
import { useMyAgent } from '../../../lib/api/get-my-agent.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { crates } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { lazyComponent } from '../../../lib/lazy-component.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { useReadShows } from '../../../lib/offline/read-shows.ts';
import { isUnreachableError } from '../../../lib/server-reach.ts';
import { useClients } from '../api/get-clients.ts';
import { getOpenTransactionsForClient } from '../api/get-open-transactions-for-client.ts';
import { OPEN_CLIENT_TRANSACTIONS_PATH } from '../api/paths.ts';
import { ReminderButton } from './client-card.tsx';

// The return dialog loads when a return starts, alongside the ask for the client's open loans.
const DashboardReturnDialog = lazyComponent(() =>
  import('./dashboard-return-dialog.tsx').then((mod) => mod.DashboardReturnDialog),
);

// Long: the dashboard list's layout with its loading, error and empty states, and the return dialog it opens.
export function ClientsWithCratesOut() {
  const tr = useT();
  const clients = useClients();
  const shows = useReadShows(clients);
  const me = useMyAgent();
  const queryClient = useQueryClient();
  const [returning, setReturning] = useState<{ client: Client; loan: ClientTransaction } | null>(null);
  const [looking, setLooking] = useState<number | null>(null);
  const withCratesOut = (clients.data ?? []).filter((c) => c.outstandingCrates > 0);
  const from = me.data?.businessName || me.data?.agentName || tr('clients.yourMarketAgent');

  /** The client's oldest open loan, asked fresh; none: the spec's error toast. */
  const startReturn = async (client: Client) => {
    setLooking(client.id);
    DashboardReturnDialog.preload().catch(() => undefined);
    try {
      const open = await getOpenTransactionsForClient(client.id).catch((error: unknown) => {
        // Offline: the open loans this phone last saw (decision 036).
        const seen = queryClient.getQueryData<ClientTransaction[]>([OPEN_CLIENT_TRANSACTIONS_PATH]);
        if (!isUnreachableError(error) || !seen) throw error;
        return seen.filter((t) => t.clientId === client.id).sort((a, b) => b.id - a.id);
      });
      const oldest = open.at(-1);
      if (!oldest) notifyError(t('clients.noOpenTransaction'));
      else setReturning({ client, loan: oldest });
    } catch (error) {
      notifyError(errorMessage(error, t('clients.returnFailed')));
    } finally {
      setLooking(null);
    }
  };

  return (
    <Card withBorder radius="md" p="md" data-testid="clients-with-crates-out">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {tr('clients.withCratesOutTitle')}
        </Title>
        <Button component={Link} to={paths.clients.href()} variant="subtle" size="xs">
          {tr('clients.allClients')}
        </Button>
      </Group>
      {shows === 'loading' && <Skeleton height={56} />}
      {shows === 'nothing-saved' && <NothingSaved />}
      {clients.data && withCratesOut.length === 0 && (
        <Text c="dimmed" size="sm">
          {tr('clients.noneOut')}
        </Text>
      )}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {withCratesOut.map((client) => (
          <li key={client.id} data-testid="client-with-crates-out">
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {client.businessName} · {client.clientName}
                  </Text>
                  <Group gap={6}>
                    <Text size="sm">{tr('clients.cratesOut', { crates: crates(client.outstandingCrates) })}</Text>
                    {client.daysOut !== null && (
                      <Text size="xs" c="dimmed">
                        {tr('clients.daysShort', { days: client.daysOut })}
                      </Text>
                    )}
                    {client.isOverdue && (
                      <Badge color="red.9" variant="filled" size="sm" style={{ flexShrink: 0 }}>
                        {tr('clients.overdue')}
                      </Badge>
                    )}
                  </Group>
                </div>
                {client.canReturn && (
                  <Button
                    size="xs"
                    variant="light"
                    loading={looking === client.id}
                    style={{ flexShrink: 0 }}
                    onClick={() => void startReturn(client)}
                    aria-label={tr('clients.returnCratesFrom', { name: client.businessName })}
                  >
                    {tr('clients.return')}
                  </Button>
                )}
              </Group>
              <QueuedNote subject={{ clientId: client.id }} />
              <ReminderButton client={client} from={from} />
            </Stack>
          </li>
        ))}
      </Stack>
      {returning && (
        <Suspense fallback={null}>
          <DashboardReturnDialog client={returning.client} loan={returning.loan} onClose={() => setReturning(null)} />
        </Suspense>
      )}
    </Card>
  );
}
