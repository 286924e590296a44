// The line a part of a screen shows offline when the phone kept nothing for it (decision 067).
import { Text } from '@mantine/core';
import { NOTHING_SAVED } from '../lib/offline/read-shows.ts';

export function NothingSaved() {
  return (
    <Text c="dimmed" py="xs" data-testid="nothing-saved">
      {NOTHING_SAVED}
    </Text>
  );
}
