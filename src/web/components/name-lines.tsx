// A card's heading lines: a name in bold over a dimmed detail, both wrapping anywhere so a long name or
// e-mail address cannot widen the card past a phone's screen.
import { type MantineSpacing, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

export function NameLines({ name, detail, gap = 0 }: { name: ReactNode; detail: ReactNode; gap?: MantineSpacing }) {
  return (
    <Stack gap={gap} style={{ minWidth: 0 }}>
      <Text fw={700} style={wrapAnywhere}>
        {name}
      </Text>
      <Text size="sm" c="dimmed" style={wrapAnywhere}>
        {detail}
      </Text>
    </Stack>
  );
}
