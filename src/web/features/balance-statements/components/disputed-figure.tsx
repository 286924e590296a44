// What the agent disputes on a statement (decision 064): the closing figure it believes, the
// difference, its note, and its photos, each opening full size in a new tab.
import { Alert, Group, Image, Text } from '@mantine/core';
import type { BalanceStatement } from '../../../../shared/balance-statements.ts';
import { evidencePhotoPath } from '../../../../shared/evidence.ts';
import { formatCount } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';

export function DisputedFigure({ statement: s }: { statement: BalanceStatement }) {
  const t = useT();
  if (s.believedClosing === null) return null;
  const difference = s.believedClosing - s.closing;
  return (
    <Alert color="orange" variant="light" p="xs">
      <Text size="sm">
        {t('balance-statements.agentBelieves', {
          name: s.agentName,
          believed: formatCount(s.believedClosing),
          difference: `${difference > 0 ? '+' : '−'}${formatCount(Math.abs(difference))}`,
          note: s.disputeNote ?? '',
        })}
      </Text>
      {s.photoIds.length > 0 && (
        <Group gap="xs" mt="xs">
          {s.photoIds.map((id, i) => (
            <a key={id} href={evidencePhotoPath(id)} target="_blank" rel="noopener noreferrer">
              <Image
                src={evidencePhotoPath(id)}
                alt={t('balance-statements.photoFrom', { n: i + 1, name: s.agentName })}
                w={64}
                h={64}
                fit="cover"
              />
            </a>
          ))}
        </Group>
      )}
    </Alert>
  );
}
