// Transmissions that wait on the farm store or an agent: for each, what it is on the left and the
// button that acts on it (acknowledge, resolve) on the right, wrapping under it on a phone. The
// incoming and the flagged lists show their rows this way.
import { Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Transmission } from '../../../../shared/transmissions.ts';

export function TransmissionActionList({
  transmissions,
  testId,
  details,
  action,
}: {
  transmissions: Transmission[];
  /** data-testid of each row. */
  testId: string;
  details: (t: Transmission) => ReactNode;
  action: (t: Transmission) => ReactNode;
}) {
  return (
    <Stack gap="sm">
      {transmissions.map((t) => (
        <Paper key={t.id} withBorder p="sm" radius="md" data-testid={testId}>
          <Group justify="space-between" gap="xs">
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
              {details(t)}
            </Stack>
            {action(t)}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
