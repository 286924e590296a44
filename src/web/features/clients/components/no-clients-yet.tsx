// What an agent with no clients sees on the Clients screen (spec §2): what the screen is for, and
// the way to add the first client.
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { clientMessages as m } from '../../../../shared/clients-labels.ts';

export function NoClientsYet({ onAdd }: { onAdd: () => void }) {
  return (
    <Card withBorder radius="md" p="xl">
      <Stack align="center" gap="sm">
        <Title order={2} size="h4">
          {m.noClients}
        </Title>
        <Text c="dimmed" ta="center">
          Add the clients you lend crates to, then record each loan and return here.
        </Text>
        <Button onClick={onAdd}>{m.addFirstClient}</Button>
      </Stack>
    </Card>
  );
}
