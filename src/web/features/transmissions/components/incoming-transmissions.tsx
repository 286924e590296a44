// 'Incoming Transmissions - Action Required' (spec §2): pending transmissions addressed to the
// signed-in user, each with 'Acknowledge Receipt'. On the Transmissions screen and on top of the
// market agent's dashboard.
import { Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { transmissionMessages as m, transmissionTypeLabels } from '../../../../shared/transmissions-labels.ts';
import { transmissionsSections } from '../../../app/paths.ts';
import { QueuedNote } from '../../../components/queued-note.tsx';
import { crates, formatDateTime, fromNow } from '../../../lib/format.ts';
import { useQueueStatus } from '../../../lib/offline/status.ts';
import { useSectionInView } from '../../../lib/use-section-in-view.ts';
import { useIncomingTransmissions } from '../api/get-incoming-transmissions.ts';
import { AcknowledgeDialog, acknowledgeIntent } from './acknowledge-dialog-lazy.tsx';
import { TransmissionActionList } from './transmission-action-list.tsx';

export function IncomingTransmissions({ role }: { role: string }) {
  const [counting, setCounting] = useState<Transmission | null>(null);
  const answer = useIncomingTransmissions(role);
  const incoming = answer.data ?? [];
  const card = useSectionInView<HTMLDivElement>(transmissionsSections.incoming, answer.data !== undefined);
  // A count kept on the phone is said on its delivery, which can't be counted twice (decision 036).
  const { changes } = useQueueStatus();
  const counted = new Set(changes.map((c) => (c.kind === 'acknowledge' ? c.subject?.transmissionId : undefined)));
  // The dialog outlives its row: after the count the list refetches without it, and a count with
  // damaged crates goes on to the photo step (decision 056).
  const dialog = counting && <AcknowledgeDialog transmission={counting} onClose={() => setCounting(null)} />;
  // One tree whether the list is empty or not, so the dialog keeps its place (and its state).
  return (
    <>
      {incoming.length > 0 && (
        <Card
          withBorder
          radius="md"
          p="lg"
          id={transmissionsSections.incoming}
          ref={card}
          style={{ borderColor: 'var(--mantine-color-orange-5)', scrollMarginTop: 72 }}
        >
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
            details={(t) => <IncomingDetails transmission={t} />}
            action={(t) =>
              t.canAcknowledge &&
              !counted.has(t.id) && (
                <Button h={44} onClick={() => setCounting(t)} {...acknowledgeIntent}>
                  {m.acknowledgeButton}
                </Button>
              )
            }
          />
        </Card>
      )}
      {dialog}
    </>
  );
}

/** What came, from whom and when, and a count still waiting on the phone. */
function IncomingDetails({ transmission: t }: { transmission: Transmission }) {
  return (
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
      <QueuedNote subject={{ transmissionId: t.id }} />
    </>
  );
}
