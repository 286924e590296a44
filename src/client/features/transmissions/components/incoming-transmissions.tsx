// 'Incoming Transmissions - Action Required' (spec §2): pending transmissions addressed to the
// signed-in user, each with 'Acknowledge Receipt'. On the Transmissions screen and on top of the
// market agent's dashboard.
import { Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  transmissionMessages as m,
  type Transmission,
  transmissionTypeLabels,
} from '../../../../shared/transmissions.ts';
import { crates, formatDateTime, fromNow } from '../../../lib/format.ts';
import { useIncomingTransmissions } from '../api/get-incoming-transmissions.ts';
import { AcknowledgeDialog } from './acknowledge-dialog.tsx';
import { TransmissionActionList } from './transmission-action-list.tsx';

export function IncomingTransmissions({ role }: { role: string }) {
  const [counting, setCounting] = useState<Transmission | null>(null);
  const incoming = useIncomingTransmissions(role).data ?? [];
  if (incoming.length === 0) return null;

  return (
    <Card withBorder radius="md" p="lg" style={{ borderColor: 'var(--mantine-color-orange-5)' }}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          {m.incomingTitle}
        </Title>
        <Badge color="orange" autoContrast>
          {incoming.length} pending
        </Badge>
      </Group>
      <TransmissionActionList
        transmissions={incoming}
        testId="incoming-transmission"
        details={(t) => (
          <>
            <Text fw={600}>
              {crates(t.quantity)} from {t.fromName}
            </Text>
            <Text size="sm" c="dimmed">
              {transmissionTypeLabels[t.type]} ·{' '}
              <span title={formatDateTime(t.sentAt as string)}>sent {fromNow(t.sentAt as string)}</span>
            </Text>
            {t.notes && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t.notes}
              </Text>
            )}
          </>
        )}
        action={(t) => (
          <Button h={44} onClick={() => setCounting(t)}>
            {m.acknowledgeButton}
          </Button>
        )}
      />
      {counting && <AcknowledgeDialog transmission={counting} onClose={() => setCounting(null)} />}
    </Card>
  );
}
