// The agent's clients as cards, with a search over them. The list is the agent's whole list (one page
// of up to 500), so the search filters it as the agent types, offline too, with the server's own rule
// (GET /api/clients?q=).
import { SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { Client } from '../../../../shared/clients.ts';
import { matchesClientSearch } from '../../../../shared/clients-labels.ts';
import { SearchField } from '../../../components/search-field.tsx';
import { useT } from '../../../lib/i18n/use-t.ts';
import { ClientCard } from './client-card.tsx';

type ClientListProps = {
  /** The agent's clients; undefined until they load. */
  clients: Client[] | undefined;
  /** Who the reminders come from: the agent's business or name. */
  from: string;
  onLend: (client: Client) => void;
  onReturn: (client: Client) => void;
  onEdit: (client: Client) => void;
};

export function ClientList({ clients, from, onLend, onReturn, onEdit }: ClientListProps) {
  const t = useT();
  const [search, setSearch] = useState('');
  const shown = clients?.filter((client) => matchesClientSearch(client, search));
  return (
    <>
      {clients && clients.length > 0 && (
        <SearchField
          type="search"
          label={t('clients.searchClients')}
          placeholder={t('clients.searchPlaceholder')}
          value={search}
          onChange={setSearch}
          maxLength={100}
          size="md"
        />
      )}
      {shown && shown.length === 0 && search.trim() !== '' && (
        <Text c="dimmed" role="status">
          {t('clients.noSearchMatch', { q: search.trim() })}
        </Text>
      )}
      {shown && shown.length > 0 && (
        // The cards' names are h3s: a heading for the list keeps the outline h1 → h2 → h3.
        <section aria-labelledby="client-list-heading">
          <VisuallyHidden component="h2" id="client-list-heading">
            {t('clients.yourClients')}
          </VisuallyHidden>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {shown.map((client) => (
              <ClientCard
                key={client.id}
                client={client}
                from={from}
                onLend={() => onLend(client)}
                onReturn={() => onReturn(client)}
                onEdit={() => onEdit(client)}
              />
            ))}
          </SimpleGrid>
        </section>
      )}
    </>
  );
}
