// Transmission rows as both the history and the dashboards show them (spec §2): direction,
// quantity (and the counted quantity), notes, status badge, relative sent time.
import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { Transmission } from '../../../../shared/transmissions.ts';
import {
  crateRequestText,
  transmissionMessages,
  transmissionTypeLabels,
} from '../../../../shared/transmissions-labels.ts';
import { NothingSaved } from '../../../components/nothing-saved.tsx';
import { useUser } from '../../../lib/current-user.tsx';
import { crates, formatCount, formatDateTime, fromNow } from '../../../lib/format.ts';
import { useOnline } from '../../../lib/offline/status.ts';
import { RecallButton } from './recall-button.tsx';
import { CountBadge, StatusBadge } from './transmission-badges.tsx';
import { FlaggedExtra } from './transmission-extras.tsx';

/**
 * Who sent it to whom; a supplier's crate request is worded from the reader's side instead:
 * its crates go the other way, farm → supplier.
 */
function RowHeading({ transmission: t }: { transmission: Transmission }) {
  const readerId = useUser().id;
  if (t.type === 'supplier_to_farm') {
    return <Text fw={600}>{crateRequestText(crates(t.quantity), t.fromUserId === readerId ? null : t.fromName)}</Text>;
  }
  return (
    <Group gap={6} wrap="wrap" fw={600}>
      <Text fw={600} span>
        {t.fromName}
      </Text>
      <IconArrowRight size={16} aria-label="to" />
      <Text fw={600} span>
        {t.toName}
      </Text>
    </Group>
  );
}

/** offerRecall: the list offers "Recall" on what the server says the user may take back (`canRecall`). */
export function TransmissionRow({
  transmission: t,
  offerRecall,
}: {
  transmission: Transmission;
  offerRecall?: boolean;
}) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid="transmission-row">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <RowHeading transmission={t} />
          <Text size="sm" c="dimmed">
            {transmissionTypeLabels[t.type]}
            {t.agentNumber ? ` · Agent ${t.agentNumber}` : ''}
          </Text>
          <Text size="sm">
            {crates(t.quantity)}
            {t.actualQuantity !== null && t.actualQuantity !== t.quantity
              ? ` · counted ${formatCount(t.actualQuantity)}`
              : ''}
            {t.damagedQuantity > 0 ? ` · ${formatCount(t.damagedQuantity)} damaged` : ''}
          </Text>
          {t.notes && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t.notes}
            </Text>
          )}
          {t.resolutionNote && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Resolved: {t.resolutionNote}
            </Text>
          )}
          <FlaggedExtra transmission={t} inHistory />
        </Stack>
        {/* On a phone this column wraps under the details; the auto margin keeps it at the right edge. */}
        <Stack gap={6} align="flex-end" ml="auto">
          <Group gap={6} justify="flex-end">
            <StatusBadge status={t.status} />
            <CountBadge transmission={t} />
          </Group>
          <Text size="xs" c="dimmed" title={formatDateTime(t.sentAt as string)}>
            {fromNow(t.sentAt as string)}
          </Text>
          {offerRecall && t.canRecall && <RecallButton transmission={t} />}
        </Stack>
      </Group>
    </Paper>
  );
}

export function TransmissionListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Stack
      gap="sm"
      role="status"
      aria-busy="true"
      aria-label="Loading transmissions"
      data-testid="transmissions-skeleton"
    >
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} height={76} radius="md" />
      ))}
    </Stack>
  );
}

export function TransmissionList({
  transmissions,
  isPending,
  offerRecall,
}: {
  transmissions: Transmission[] | undefined;
  isPending: boolean;
  offerRecall?: boolean;
}) {
  const online = useOnline();
  // Offline with nothing kept, a list never read: say so, never "No transmissions found" (decision 067).
  if (transmissions === undefined && !online) return <NothingSaved />;
  if (isPending) return <TransmissionListSkeleton />;
  if (transmissions === undefined) {
    return (
      <Text c="red" ta="center" py="md">
        We could not load the transmissions. Retrying…
      </Text>
    );
  }
  if (!transmissions.length) {
    return (
      <Text c="dimmed" ta="center" py="md">
        {transmissionMessages.noTransmissions}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {transmissions.map((t) => (
        <TransmissionRow key={t.id} transmission={t} offerRecall={offerRecall} />
      ))}
    </Stack>
  );
}
