// What the agent disputes on a statement (decision 064): the closing figure it believes, the
// difference, its note, and its photos, each opening full size in a new tab.
import { Alert, Group, Image, Text } from '@mantine/core';
import type { BalanceStatement } from '../../../../shared/balance-statements.ts';
import { evidencePhotoPath } from '../../../../shared/evidence.ts';
import { formatCount } from '../../../lib/format.ts';

export function DisputedFigure({ statement: s }: { statement: BalanceStatement }) {
  if (s.believedClosing === null) return null;
  const difference = s.believedClosing - s.closing;
  return (
    <Alert color="orange" variant="light" p="xs">
      <Text size="sm">
        {s.agentName} believes {formatCount(s.believedClosing)} ({difference > 0 ? '+' : '−'}
        {formatCount(Math.abs(difference))}): {s.disputeNote}
      </Text>
      {s.photoIds.length > 0 && (
        <Group gap="xs" mt="xs">
          {s.photoIds.map((id, i) => (
            <a key={id} href={evidencePhotoPath(id)} target="_blank" rel="noopener noreferrer">
              <Image src={evidencePhotoPath(id)} alt={`Photo ${i + 1} from ${s.agentName}`} w={64} h={64} fit="cover" />
            </a>
          ))}
        </Group>
      )}
    </Alert>
  );
}
