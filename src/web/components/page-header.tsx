// A screen's title row, with optional actions that wrap under it on a phone; and a card's title with
// the line under it that says what the card is for.
import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}

/** A card's heading (h2) and what it is for, in the secondary text colour that passes WCAG. */
export function SectionHeader({ title, description, id }: { title: string; description?: ReactNode; id?: string }) {
  return (
    <Stack gap={4} mb="md">
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="gray.7">
          {description}
        </Text>
      )}
    </Stack>
  );
}
