// /clients: a market agent's clients and their crate loans (spec §2 Clients screen): Add Client, Lend
// Crates and Return Crates dialogs, the client cards, and the open loans with 'Process Return'.
import { Alert, Button, Card, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { Client } from '../../../../shared/clients.ts';
import { clientMessages as m, matchesClientSearch } from '../../../../shared/clients-labels.ts';
import { ExportDownload } from '../../../components/export-download.tsx';
import { NothingSaved } from '../../../components/nothing-saved.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { gatedPage } from '../../../components/role-gate.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { useMyAgent } from '../../../lib/api/get-my-agent.ts';
import { useReadShows } from '../../../lib/offline/read-shows.ts';
import { useClients } from '../api/get-clients.ts';
import { useOpenTransactions } from '../api/get-open-transactions.ts';
import { AddClientDialog } from '../components/add-client-dialog.tsx';
import { ClientCard } from '../components/client-card.tsx';
import { EditClientDialog } from '../components/edit-client-dialog.tsx';
import { LendCratesDialog } from '../components/lend-crates-dialog.tsx';
import { OpenTransactions } from '../components/open-transactions.tsx';
import { ReturnCratesDialog } from '../components/return-crates-dialog.tsx';

/** Which dialog is open, and what it starts with. */
type Dialog =
  | { kind: 'add' }
  | { kind: 'lend'; clientId: number | null }
  | { kind: 'return'; transactionId: number | null }
  | { kind: 'edit'; client: Client }
  | null;

export const ClientsPage = gatedPage('read:client:own', m.accessDenied, AgentClients);

// Long: the Clients screen's layout (header with actions, search, the cards, the dialogs it opens).
function AgentClients() {
  const clients = useClients();
  // Offline: the clients it kept, or that none were kept; never an alarm over them (decision 067).
  const shows = useReadShows(clients);
  const open = useOpenTransactions();
  const me = useMyAgent();
  const [dialog, setDialog] = useState<Dialog>(null);
  // The list is the agent's whole list (one page of up to 500), so the search filters it as the agent
  // types, offline too, with the server's own rule (GET /api/clients?q=).
  const [search, setSearch] = useState('');
  const shown = clients.data?.filter((client) => matchesClientSearch(client, search));
  const close = () => setDialog(null);
  const from = me.data?.businessName || me.data?.agentName || 'your market agent';

  /** A card's Return: its oldest open loan, preselected. */
  const oldestLoanOf = (clientId: number) =>
    open.data
      ?.filter((t) => t.clientId === clientId)
      .reduce<number | null>((oldest, t) => (oldest === null || t.id < oldest ? t.id : oldest), null) ?? null;

  return (
    <>
      <PageHeader
        title="Clients"
        description="Crates lent to your clients and returned"
        actions={
          <>
            <Button onClick={() => setDialog({ kind: 'add' })}>Add Client</Button>
            <Button variant="light" onClick={() => setDialog({ kind: 'lend', clientId: null })}>
              Lend Crates
            </Button>
            <Button variant="light" onClick={() => setDialog({ kind: 'return', transactionId: null })}>
              Return Crates
            </Button>
          </>
        }
      />
      <Stack gap="lg">
        {shows === 'failed' && <Alert color="red">We could not load your clients. Retrying…</Alert>}
        {shows === 'nothing-saved' && <NothingSaved />}
        {shows === 'loading' && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <Skeleton height={180} />
            <Skeleton height={180} />
          </SimpleGrid>
        )}
        {clients.data?.length === 0 && (
          <Card withBorder radius="md" p="xl">
            <Stack align="center" gap="sm">
              <Title order={2} size="h4">
                {m.noClients}
              </Title>
              <Text c="dimmed" ta="center">
                Add the clients you lend crates to, then record each loan and return here.
              </Text>
              <Button onClick={() => setDialog({ kind: 'add' })}>{m.addFirstClient}</Button>
            </Stack>
          </Card>
        )}
        {clients.data && clients.data.length > 0 && (
          <SearchField
            type="search"
            label="Search clients"
            placeholder="Name or phone number"
            value={search}
            onChange={setSearch}
            maxLength={100}
            size="md"
          />
        )}
        {shown && shown.length === 0 && search.trim() !== '' && (
          <Text c="dimmed" role="status">
            {m.noSearchMatch(search.trim())}
          </Text>
        )}
        {shown && shown.length > 0 && (
          // The cards' names are h3s: a heading for the list keeps the outline h1 → h2 → h3.
          <section aria-labelledby="client-list-heading">
            <VisuallyHidden component="h2" id="client-list-heading">
              Your clients
            </VisuallyHidden>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {shown.map((client) => (
                <ClientCard
                  key={client.id}
                  client={client}
                  from={from}
                  onLend={() => setDialog({ kind: 'lend', clientId: client.id })}
                  onReturn={() => setDialog({ kind: 'return', transactionId: oldestLoanOf(client.id) })}
                  onEdit={() => setDialog({ kind: 'edit', client })}
                />
              ))}
            </SimpleGrid>
          </section>
        )}
        <OpenTransactions onProcessReturn={(loan) => setDialog({ kind: 'return', transactionId: loan.id })} />
        <ExportDownload kinds={['clients', 'loans']} />
      </Stack>
      <AddClientDialog opened={dialog?.kind === 'add'} onClose={close} />
      {dialog?.kind === 'lend' && <LendCratesDialog clientId={dialog.clientId} onClose={close} />}
      {dialog?.kind === 'return' && <ReturnCratesDialog transactionId={dialog.transactionId} onClose={close} />}
      {dialog?.kind === 'edit' && <EditClientDialog client={dialog.client} onClose={close} />}
    </>
  );
}
