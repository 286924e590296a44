// What the count says against the quantity sent (spec §5): a difference is flagged for the farm store,
// a match verifies the transmission. Shown under the count while it is typed.
import { Alert, Text } from '@mantine/core';
import { useT } from '../../../lib/i18n/use-t.ts';

export function CountDifference({ sent, count }: { sent: number; count: number | null }) {
  const t = useT();
  const difference = count === null ? null : count - sent;
  if (difference === 0) {
    return (
      <Text size="sm" c="green.8">
        {t('transmissions.countMatches')}
      </Text>
    );
  }
  if (difference === null) return null;
  return (
    <Alert color="orange" variant="light" p="sm">
      {difference < 0
        ? t('transmissions.countShort', { count: -difference, sent })
        : t('transmissions.countOver', { count: difference, sent })}{' '}
      {t('transmissions.countWillFlag')}
    </Alert>
  );
}
