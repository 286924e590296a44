// The farm store's inbox of messages sent through the public contact form, with mark as read/unread.
import { Accordion, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSectionInView } from '../../../lib/use-section-in-view.ts';
import { useContactMessages } from '../api/get-contact-messages.ts';
import { useUpdateContactMessage } from '../api/update-contact-message.ts';
import { MESSAGES_SECTION_ID } from './unread-messages.tsx';

// Long: the inbox card's layout: the filter, each message with its read/unread action, and the empty state.
export function ContactMessagesCard() {
  const t = useT();
  const { data, isPending, isError } = useContactMessages();
  const update = useUpdateContactMessage();
  const unread = data?.filter((m) => !m.isRead).length ?? 0;
  // Opened from the header's envelope (#messages): in view once it has its messages.
  const card = useSectionInView<HTMLDivElement>(MESSAGES_SECTION_ID, data !== undefined);

  const mark = (id: number, isRead: boolean) =>
    update.mutate({ id, isRead }, { onError: () => notifyError(t('contact.updateFailed')) });

  return (
    <Card withBorder radius="md" p="lg" id={MESSAGES_SECTION_ID} ref={card} style={{ scrollMarginTop: 72 }}>
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          {t('contact.messages')}
        </Title>
        <Badge color={unread ? 'red' : 'gray'} variant="light" data-testid="unread-messages">
          {t('contact.unread', { count: unread })}
        </Badge>
      </Group>
      {isPending ? (
        <Stack gap="xs">
          <Skeleton h={48} />
          <Skeleton h={48} />
        </Stack>
      ) : isError ? (
        <Text c="red.8">{t('contact.loadFailed')}</Text>
      ) : data.length === 0 ? (
        <Text c="gray.7">{t('contact.none')}</Text>
      ) : (
        <Accordion variant="separated" multiple>
          {data.map((m) => (
            <Accordion.Item key={m.id} value={String(m.id)} data-testid="contact-message">
              <Accordion.Control>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={m.isRead ? 500 : 800} style={{ overflowWrap: 'anywhere' }}>
                      {m.subject}
                    </Text>
                    <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                      {m.name} · {formatDateTime(m.createdAt)}
                    </Text>
                  </div>
                  {!m.isRead && (
                    <Badge color="red" variant="light" size="sm">
                      {t('contact.new')}
                    </Badge>
                  )}
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Text size="sm" mb="xs">
                  {t('contact.from', { name: m.name })}{' '}
                  <Anchor href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`} c="green.9">
                    {m.email}
                  </Anchor>
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {m.message}
                </Text>
                <Button
                  mt="sm"
                  size="xs"
                  variant="default"
                  onClick={() => mark(m.id, !m.isRead)}
                  loading={update.isPending && update.variables?.id === m.id}
                >
                  {m.isRead ? t('contact.markUnread') : t('contact.markRead')}
                </Button>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Card>
  );
}
