// Transmission rows as both the history and the dashboards show them (spec §2): direction,
// quantity (and the counted quantity), notes, status badge, relative sent time.
import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { NothingSaved } from '../../../components/nothing-saved.tsx';
import { useUser } from '../../../lib/current-user.tsx';
import { formatDateTime, fromNow } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useOnline } from '../../../lib/offline/status.ts';
import { DeliveryPapers, UnscannedStacks } from './delivery-papers.tsx';
import { RecallButton } from './recall-button.tsx';
import { CountBadge, StatusBadge, typeLabel } from './transmission-badges.tsx';
import { FlaggedExtra } from './transmission-extras.tsx';

/**
 * Who sent it to whom; a supplier's crate request is worded from the reader's side instead:
 * its crates go the other way, farm → supplier.
 */
function RowHeading({ transmission: tr }: { transmission: Transmission }) {
  const t = useT();
  const readerId = useUser().id;
  if (tr.type === 'supplier_to_farm') {
    const crates = t('common.crates', { count: tr.quantity });
    return (
      <Text fw={600}>
        {tr.fromUserId === readerId
          ? t('transmissions.requestedByYou', { crates })
          : t('transmissions.requestedBySupplier', { crates, requester: tr.fromName })}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="wrap" fw={600}>
      <Text fw={600} span>
        {tr.fromName}
      </Text>
      <IconArrowRight size={16} aria-label={t('transmissions.to')} />
      <Text fw={600} span>
        {tr.toName}
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
  const tr = useT();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="transmission-row">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <RowHeading transmission={t} />
          <Text size="sm" c="dimmed">
            {typeLabel(t.type)}
            {t.agentNumber ? ` · ${tr('transmissions.agentNumber', { number: t.agentNumber })}` : ''}
          </Text>
          <Text size="sm">
            {tr('common.crates', { count: t.quantity })}
            {t.actualQuantity !== null && t.actualQuantity !== t.quantity
              ? ` · ${tr('transmissions.countedCount', { count: t.actualQuantity })}`
              : ''}
            {t.damagedQuantity > 0 ? ` · ${tr('transmissions.damagedCount', { count: t.damagedQuantity })}` : ''}
            {t.stackCount > 0 ? ` · ${tr('transmissions.deliveryStacks', { count: t.stackCount })}` : ''}
          </Text>
          <UnscannedStacks transmission={t} />
          {t.notes && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t.notes}
            </Text>
          )}
          {t.resolutionNote && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {tr('transmissions.resolvedNote', { note: t.resolutionNote })}
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
          <DeliveryPapers transmission={t} />
        </Stack>
      </Group>
    </Paper>
  );
}

export function TransmissionListSkeleton({ rows = 3 }: { rows?: number }) {
  const t = useT();
  return (
    <Stack
      gap="sm"
      role="status"
      aria-busy="true"
      aria-label={t('transmissions.loading')}
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
  const t = useT();
  const online = useOnline();
  // Offline with nothing kept, a list never read: say so, never "No transmissions found" (decision 067).
  if (transmissions === undefined && !online) return <NothingSaved />;
  if (isPending) return <TransmissionListSkeleton />;
  if (transmissions === undefined) {
    return (
      <Text c="red" ta="center" py="md">
        {t('transmissions.loadFailed')}
      </Text>
    );
  }
  if (!transmissions.length) {
    return (
      <Text c="dimmed" ta="center" py="md">
        {t('transmissions.noTransmissions')}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {transmissions.map((row) => (
        <TransmissionRow key={row.id} transmission={row} offerRecall={offerRecall} />
      ))}
    </Stack>
  );
}
