// A labelled figure on a dashboard; its test id is the label in kebab case (e.g. stat-written-off).
import { Card, Skeleton, Text } from '@mantine/core';

/**
 * `loading`: the same card with its figure and hint under a skeleton, so a row of tiles takes its
 * final space before the figures arrive (what sits below it does not move). No test id until loaded.
 */
export function StatCard({
  label,
  value,
  hint,
  loading = false,
}: {
  label: string;
  value: string;
  hint?: string;
  loading?: boolean;
}) {
  return (
    <Card
      withBorder
      radius="md"
      p="md"
      data-testid={loading ? undefined : `stat-${label.toLowerCase().replaceAll(' ', '-')}`}
      aria-busy={loading || undefined}
    >
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Skeleton visible={loading}>
        <Text fw={800} size="xl">
          {value}
        </Text>
      </Skeleton>
      {hint && (
        <Skeleton visible={loading}>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </Skeleton>
      )}
    </Card>
  );
}
