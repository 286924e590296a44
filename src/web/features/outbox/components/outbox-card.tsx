// What the app has e-mailed (contact messages, reports): the farm's outbox, so a farm without SMTP
// still reads its mail, and a failed delivery shows its reason.
import { Accordion, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { OutboxEntry, OutboxStatus } from '../../../../shared/outbox.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useOutbox } from '../api/get-outbox.ts';

const badges: Record<OutboxStatus, { label: string; color: string }> = {
  sent: { label: 'outbox.statusSent', color: 'green' },
  // Refused or unreachable, and the retry job will try again.
  retrying: { label: 'outbox.statusRetrying', color: 'orange' },
  failed: { label: 'outbox.statusFailed', color: 'red' },
  in_outbox: { label: 'outbox.statusInOutbox', color: 'gray' },
};

function DeliveryBadge({ entry }: { entry: OutboxEntry }) {
  const t = useT();
  const { label, color } = badges[entry.status];
  return (
    <Badge color={color} variant="light" size="sm" data-testid="outbox-status">
      {t(label)}
    </Badge>
  );
}

export function OutboxCard() {
  const t = useT();
  const { data, isPending, isError } = useOutbox();
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap={4} mb="md">
        <Title order={2} size="h4">
          {t('outbox.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('outbox.intro')}
        </Text>
      </Stack>
      {isPending ? (
        <Skeleton h={48} />
      ) : isError ? (
        <Text c="red.8">{t('outbox.loadFailed')}</Text>
      ) : data.length === 0 ? (
        <Text c="gray.7">{t('outbox.empty')}</Text>
      ) : (
        <Accordion variant="separated">
          {data.map((entry) => (
            <Accordion.Item key={entry.id} value={String(entry.id)} data-testid="outbox-entry">
              <Accordion.Control>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {entry.subject}
                    </Text>
                    <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                      {t('outbox.toAt', { to: entry.to, at: formatDateTime(entry.createdAt) })}
                    </Text>
                  </div>
                  <DeliveryBadge entry={entry} />
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                {entry.error && !entry.sentAt && (
                  <Text size="sm" c="red.8" mb="xs">
                    {t('outbox.deliveryFailed', { error: entry.error })}
                    {entry.nextAttemptAt &&
                      ` · ${t('outbox.tryingAgain', { at: formatDateTime(entry.nextAttemptAt) })}`}
                  </Text>
                )}
                {entry.attachmentNames.length > 0 && (
                  <Text size="sm" c="gray.7" mb="xs" style={{ overflowWrap: 'anywhere' }}>
                    {t('outbox.attached', { names: entry.attachmentNames.join(', ') })}
                  </Text>
                )}
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {entry.text}
                </Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Card>
  );
}
