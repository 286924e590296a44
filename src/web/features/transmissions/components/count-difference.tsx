// What the count says against the quantity sent (spec §5): a difference is flagged for the farm store,
// a match verifies the transmission. Shown under the count while it is typed.
import { Alert, Text } from '@mantine/core';
import { formatCount } from '../../../lib/format.ts';

export function CountDifference({ sent, count }: { sent: number; count: number | null }) {
  const difference = count === null ? null : count - sent;
  if (difference === 0) {
    return (
      <Text size="sm" c="green.8">
        Matches the quantity sent: the transmission will be verified.
      </Text>
    );
  }
  if (difference === null) return null;
  return (
    <Alert color="orange" variant="light" p="sm">
      {difference < 0
        ? `${formatCount(-difference)} short of the ${formatCount(sent)} sent.`
        : `${formatCount(difference)} more than the ${formatCount(sent)} sent.`}{' '}
      The difference will be flagged for the farm store.
    </Alert>
  );
}
