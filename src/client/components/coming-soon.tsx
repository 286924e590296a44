// An honest empty panel for a part of the product that is not built yet.
import { Card, Text } from '@mantine/core';

export function ComingSoon({ what }: { what: string }) {
  return (
    <Card withBorder radius="md" p="lg">
      <Text fw={600}>{what}</Text>
      <Text c="dimmed" size="sm">
        This part of Cratekeeper is not available yet.
      </Text>
    </Card>
  );
}
