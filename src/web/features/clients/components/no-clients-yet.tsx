// What an agent with no clients sees on the Clients screen (spec §2): what the screen is for, and
// the way to add the first client.
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../../lib/i18n/use-t.ts';

export function NoClientsYet({ onAdd }: { onAdd: () => void }) {
  const t = useT();
  return (
    <Card withBorder radius="md" p="xl">
      <Stack align="center" gap="sm">
        <Title order={2} size="h4">
          {t('clients.noClients')}
        </Title>
        <Text c="dimmed" ta="center">
          {t('clients.noClientsHelp')}
        </Text>
        <Button onClick={onAdd}>{t('clients.addFirstClient')}</Button>
      </Stack>
    </Card>
  );
}
