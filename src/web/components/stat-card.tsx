// A labelled figure on a dashboard; its test id is the label in kebab case (e.g. stat-written-off).
// With `to`, the whole tile is a link to the list behind the figure, and says where it goes.
import { Card, Group, Skeleton, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * `loading`: the same card with its figure and hint under a skeleton, so a row of tiles takes its
 * final space before the figures arrive (what sits below it does not move). No test id until loaded.
 * `to` and `action`: a tile that opens its list ("Lend crates"), the action named beside the arrow.
 */
export function StatCard({
  label,
  value,
  hint,
  loading = false,
  to,
  action,
}: {
  label: string;
  value: string;
  hint?: string;
  loading?: boolean;
  to?: string;
  action?: string;
}) {
  const content = <StatCardFigures label={label} value={value} hint={hint} loading={loading} action={to && action} />;
  const card = {
    withBorder: true,
    radius: 'md',
    p: 'md',
    'data-testid': loading ? undefined : `stat-${label.toLowerCase().replaceAll(' ', '-')}`,
    'aria-busy': loading || undefined,
  } as const;
  if (!to) return <Card {...card}>{content}</Card>;
  return (
    <Card
      {...card}
      component={Link}
      to={to}
      aria-label={`${label}: ${value}. ${action ?? 'Open'}`}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      {content}
    </Card>
  );
}

/** The tile's words: its label, figure and hint, and where a linked tile goes. */
function StatCardFigures({
  label,
  value,
  hint,
  loading,
  action,
}: {
  label: string;
  value: string;
  hint?: string;
  loading: boolean;
  action?: string;
}) {
  return (
    <>
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
      {action && (
        <Group gap={2} mt={4} c="green.9" aria-hidden>
          <Text size="xs" fw={600}>
            {action}
          </Text>
          <IconChevronRight size={14} />
        </Group>
      )}
    </>
  );
}
