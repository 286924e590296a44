// /clients: a market agent's clients and their crate loans (spec §2 Clients screen): Add Client, Lend
// Crates and Return Crates dialogs, the client cards, and the open loans with 'Process Return'.
import { Alert, Button, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import type { Client } from '../../../../shared/clients.ts';
import { ExportDownload } from '../../../components/export-download.tsx';
import { NothingSaved } from '../../../components/nothing-saved.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { RoleGate } from '../../../components/role-gate.tsx';
import { useMyAgent } from '../../../lib/api/get-my-agent.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useReadShows } from '../../../lib/offline/read-shows.ts';
import { useClients } from '../api/get-clients.ts';
import { useOpenTransactions } from '../api/get-open-transactions.ts';
import { AddClientDialog } from '../components/add-client-dialog.tsx';
import { ClientList } from '../components/client-list.tsx';
import { EditClientDialog } from '../components/edit-client-dialog.tsx';
import { LendCratesDialog } from '../components/lend-crates-dialog.tsx';
import { NoClientsYet } from '../components/no-clients-yet.tsx';
import { OpenTransactions } from '../components/open-transactions.tsx';
import { ReturnCratesDialog } from '../components/return-crates-dialog.tsx';

/** Which dialog is open, and what it starts with. */
type Dialog =
  | { kind: 'add' }
  | { kind: 'lend'; clientId: number | null }
  | { kind: 'return'; transactionId: number | null }
  | { kind: 'edit'; client: Client }
  | null;

/** The Clients screen for market agents; others see why not, in their language. */
export function ClientsPage() {
  const t = useT();
  return (
    <RoleGate permission="read:client:own" denied={t('clients.accessDenied')}>
      <AgentClients />
    </RoleGate>
  );
}

/** The header's Add Client, Lend Crates and Return Crates buttons, each opening its dialog empty. */
function ClientsActions({ onOpen }: { onOpen: (dialog: Dialog) => void }) {
  const t = useT();
  return (
    <>
      <Button onClick={() => onOpen({ kind: 'add' })}>{t('clients.addClientTitle')}</Button>
      <Button variant="light" onClick={() => onOpen({ kind: 'lend', clientId: null })}>
        {t('clients.lendCratesTitle')}
      </Button>
      <Button variant="light" onClick={() => onOpen({ kind: 'return', transactionId: null })}>
        {t('clients.returnCratesTitle')}
      </Button>
    </>
  );
}

// The Clients screen's layout: header with actions, the list or its placeholders, the dialogs it opens.
function AgentClients() {
  const t = useT();
  const clients = useClients();
  // Offline: the clients it kept, or that none were kept; never an alarm over them (decision 067).
  const shows = useReadShows(clients);
  const open = useOpenTransactions();
  const me = useMyAgent();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const from = me.data?.businessName || me.data?.agentName || t('clients.yourMarketAgent');

  /** A card's Return: its oldest open loan, preselected. */
  const oldestLoanOf = (clientId: number) =>
    open.data
      ?.filter((t) => t.clientId === clientId)
      .reduce<number | null>((oldest, t) => (oldest === null || t.id < oldest ? t.id : oldest), null) ?? null;

  return (
    <>
      <PageHeader
        title={t('clients.clientsTitle')}
        description={t('clients.clientsDescription')}
        actions={<ClientsActions onOpen={setDialog} />}
      />
      <Stack gap="lg">
        {shows === 'failed' && <Alert color="red">{t('clients.loadFailed')}</Alert>}
        {shows === 'nothing-saved' && <NothingSaved />}
        {shows === 'loading' && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <Skeleton height={180} />
            <Skeleton height={180} />
          </SimpleGrid>
        )}
        {clients.data?.length === 0 && <NoClientsYet onAdd={() => setDialog({ kind: 'add' })} />}
        <ClientList
          clients={clients.data}
          from={from}
          onLend={(client) => setDialog({ kind: 'lend', clientId: client.id })}
          onReturn={(client) => setDialog({ kind: 'return', transactionId: oldestLoanOf(client.id) })}
          onEdit={(client) => setDialog({ kind: 'edit', client })}
        />
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
