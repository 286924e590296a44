// A labelled figure on a dashboard; its test id is the label in kebab case (e.g. stat-written-off).
import { Card, Text } from '@mantine/core';

export function StatCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card withBorder radius="md" p="md" data-testid={`stat-${label.toLowerCase().replaceAll(' ', '-')}`}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={800} size="xl">
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}
