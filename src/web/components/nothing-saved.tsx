// The line a part of a screen shows offline when the phone kept nothing for it (decision 067).
import { Text } from '@mantine/core';
import { useT } from '../lib/i18n/use-t.ts';

export function NothingSaved() {
  const t = useT();
  return (
    <Text c="dimmed" py="xs" data-testid="nothing-saved">
      {t('offline.nothingSaved')}
    </Text>
  );
}
