// 'Incoming Transmissions - Action Required' (spec §2): pending transmissions addressed to the
// signed-in user, each with 'Acknowledge Receipt'. On the Transmissions screen and on top of the
// market agent's dashboard, where a Scan button opens the camera to count by stack labels (decision 073).
import { Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { transmissionsSections } from '../../../app/paths.ts';
import { QueuedNote } from '../../../components/queued-note.tsx';
import { formatDateTime, fromNow } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useQueueStatus } from '../../../lib/offline/status.ts';
import { useSectionInView } from '../../../lib/use-section-in-view.ts';
import { useIncomingTransmissions } from '../api/get-incoming-transmissions.ts';
import { AcknowledgeDialog, acknowledgeIntent } from './acknowledge-dialog-lazy.tsx';
import { ScanFlow, scanIntent } from './scan-flow.tsx';
import { TransmissionActionList } from './transmission-action-list.tsx';
import { typeLabel } from './transmission-badges.tsx';

/**
 * Counting a delivery: by hand (the count dialog), or by scanning first (decision 073), whose stacks
 * the dialog then starts from. Both outlive their row: after the count the list refetches without it,
 * and a count with damaged crates goes on to the photo step (decision 056).
 */
function useCounting(incoming: Transmission[], waiting: ReadonlySet<number | undefined>) {
  const [counting, setCounting] = useState<{ transmission: Transmission; stacks?: number[] } | null>(null);
  // The scan screen, opened from a delivery (start) or from the Scan button (start null).
  const [scanning, setScanning] = useState<{ start: Transmission | null } | null>(null);
  const overlays = (
    <>
      {counting && (
        <AcknowledgeDialog
          transmission={counting.transmission}
          stacks={counting.stacks}
          onClose={() => setCounting(null)}
        />
      )}
      {scanning && (
        <ScanFlow
          start={scanning.start}
          incoming={incoming}
          waiting={waiting}
          onClose={() => setScanning(null)}
          onFinish={(transmission, stacks) => {
            setScanning(null);
            setCounting({ transmission, stacks: transmission.stackCount > 0 ? stacks : undefined });
          }}
        />
      )}
    </>
  );
  return {
    count: (transmission: Transmission) => setCounting({ transmission }),
    scan: (start: Transmission | null) => setScanning({ start }),
    overlays,
  };
}

/** A delivery's buttons: scan its stacks (when labelled) and count it. */
function CountButtons({ row, counting }: { row: Transmission; counting: ReturnType<typeof useCounting> }) {
  const t = useT();
  return (
    <Group gap="xs">
      {row.stackCount > 0 && (
        <Button h={44} variant="light" onClick={() => counting.scan(row)} {...scanIntent}>
          {t('transmissions.scanStacks')}
        </Button>
      )}
      <Button h={44} onClick={() => counting.count(row)} {...acknowledgeIntent}>
        {t('transmissions.acknowledgeButton')}
      </Button>
    </Group>
  );
}

export function IncomingTransmissions({ role }: { role: string }) {
  const t = useT();
  const answer = useIncomingTransmissions(role);
  const incoming = answer.data ?? [];
  const card = useSectionInView<HTMLDivElement>(transmissionsSections.incoming, answer.data !== undefined);
  // A count kept on the phone is said on its delivery, which can't be counted twice (decision 036).
  const { changes } = useQueueStatus();
  const counted = new Set(changes.map((c) => (c.kind === 'acknowledge' ? c.subject?.transmissionId : undefined)));
  const counting = useCounting(incoming, counted);
  // One tree whether the list is empty or not, so the dialog keeps its place (and its state).
  return (
    <>
      {role === 'market_agent' && (
        <Group justify="flex-end">
          <Button h={44} variant="light" onClick={() => counting.scan(null)} {...scanIntent}>
            {t('transmissions.scanButton')}
          </Button>
        </Group>
      )}
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
              {t('transmissions.incomingTitle')}
            </Title>
            <Badge color="orange" autoContrast>
              {t('transmissions.pendingCount', { count: incoming.length })}
            </Badge>
          </Group>
          <TransmissionActionList
            transmissions={incoming}
            testId="incoming-transmission"
            details={(row) => <IncomingDetails transmission={row} />}
            action={(row) =>
              row.canAcknowledge && !counted.has(row.id) && <CountButtons row={row} counting={counting} />
            }
          />
        </Card>
      )}
      {counting.overlays}
    </>
  );
}

/** What came, from whom and when, and a count still waiting on the phone. */
function IncomingDetails({ transmission: tr }: { transmission: Transmission }) {
  const t = useT();
  return (
    <>
      <Text fw={600}>{t('transmissions.cratesFrom', { count: tr.quantity, name: tr.fromName })}</Text>
      <Text size="sm" c="dimmed">
        {typeLabel(tr.type)} ·{' '}
        <span title={formatDateTime(tr.sentAt as string)}>
          {t('transmissions.sentAgo', { ago: fromNow(tr.sentAt as string) })}
        </span>
      </Text>
      {tr.notes && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {tr.notes}
        </Text>
      )}
      <QueuedNote subject={{ transmissionId: tr.id }} />
    </>
  );
}
