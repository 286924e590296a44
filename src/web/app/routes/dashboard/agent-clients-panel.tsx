// The market agent dashboard's Clients tab: add a client and lend in one go, and the clients with
// crates out (each with a return and a WhatsApp reminder); the Clients screen has the rest.
import { SimpleGrid } from '@mantine/core';
import { AddClientAndLendForm } from '../../../features/clients/components/add-client-and-lend-form.tsx';
import { ClientsWithDamagePhotos } from './clients-with-damage-photos.tsx';

export function AgentClientsPanel() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <AddClientAndLendForm />
      <ClientsWithDamagePhotos />
    </SimpleGrid>
  );
}
