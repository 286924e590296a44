// What the e-mail send dialogs show before anything is sent (decision 046): the e-mail as
// its first recipient will receive it, and what the mail server did last; and the toast afterwards,
// which says 'queued' when the mail server did not take the messages.
import { Box, Text } from '@mantine/core';
import type { EmailPreview, SendOutcome } from '../../shared/reports.ts';
import { formatDateTime } from '../lib/format.ts';
import { notifyNotice, notifySuccess } from '../lib/notify.ts';

export const notifyOutcome = (outcome: SendOutcome) =>
  outcome.tone === 'notice'
    ? notifyNotice(outcome.message, outcome.title)
    : notifySuccess(outcome.message, outcome.title);

/** The e-mail as it will be received: to, subject, attachments and the text body. */
export function MailPreview({ preview, name }: { preview: NonNullable<EmailPreview['preview']>; name: string }) {
  return (
    <Box data-testid="mail-preview">
      <Text size="sm" fw={600}>
        Preview: the e-mail {name} will receive
      </Text>
      <Box p="sm" mt={4} bd="1px solid var(--mantine-color-gray-4)" style={{ borderRadius: 6 }}>
        <Text size="sm">To: {preview.to}</Text>
        <Text size="sm" fw={600}>
          Subject: {preview.subject}
        </Text>
        {preview.attachmentNames.length > 0 && <Text size="sm">Attached: {preview.attachmentNames.join(', ')}</Text>}
        <Text
          size="sm"
          mt="xs"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 220, overflowY: 'auto' }}
          tabIndex={0}
          aria-label="E-mail text"
        >
          {preview.text}
        </Text>
      </Box>
    </Box>
  );
}

/** What will happen to the e-mails, from what the mail server did last (before anything is sent). */
export function MailServerNote({ state }: { state: EmailPreview['mailServer'] }) {
  if (state.mailServer === 'none') {
    return (
      <Text size="sm" c="dimmed">
        No mail server is set up (SMTP_URL): the e-mails are kept in the outbox, not delivered.
      </Text>
    );
  }
  if (state.mailServer !== 'down') return null;
  return (
    <Text size="sm" fw={600} c="orange.9" data-testid="mail-server-down">
      The mail server is not answering: its last try{state.at ? ` (${formatDateTime(state.at)})` : ''} failed. The
      e-mails will wait in the outbox and be sent when it answers.
    </Text>
  );
}
