// The market agent dashboard's Clients tab: add a client and lend in one go, and the clients with
// crates out (each with a return and a WhatsApp reminder); the Clients screen has the rest.
import { SimpleGrid } from '@mantine/core';
import { AddClientAndLendForm } from '../../../features/clients/components/add-client-and-lend-form.tsx';
import { ClientsWithCratesOut } from '../../../features/clients/components/clients-with-crates-out.tsx';

export function AgentClientsPanel() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <AddClientAndLendForm />
      <ClientsWithCratesOut />
    </SimpleGrid>
  );
}
