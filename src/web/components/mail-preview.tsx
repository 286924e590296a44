// What the e-mail send dialogs show before anything is sent (decision 046): the e-mail as
// its first recipient will receive it, and what the mail server did last; and the toast afterwards,
// which says 'queued' when the mail server did not take the messages.
import { Box, Text } from '@mantine/core';
import type { EmailPreview, SendOutcome } from '../../shared/reports.ts';
import { formatDateTime } from '../lib/format.ts';
import { translateEnglish } from '../lib/i18n/english-messages.ts';
import { useT } from '../lib/i18n/use-t.ts';
import { notifyNotice, notifySuccess } from '../lib/notify.ts';

/** The toast after a send; the shared outcome's English words in the reader's language. */
export const notifyOutcome = (outcome: SendOutcome) =>
  outcome.tone === 'notice'
    ? notifyNotice(translateEnglish(outcome.message), translateEnglish(outcome.title))
    : notifySuccess(translateEnglish(outcome.message), translateEnglish(outcome.title));

/** The e-mail as it will be received: to, subject, attachments and the text body. */
export function MailPreview({ preview, name }: { preview: NonNullable<EmailPreview['preview']>; name: string }) {
  const t = useT();
  return (
    <Box data-testid="mail-preview">
      <Text size="sm" fw={600}>
        {t('components.mailPreview', { name })}
      </Text>
      <Box p="sm" mt={4} bd="1px solid var(--mantine-color-gray-4)" style={{ borderRadius: 6 }}>
        <Text size="sm">{t('components.mailTo', { to: preview.to })}</Text>
        <Text size="sm" fw={600}>
          {t('components.mailSubject', { subject: preview.subject })}
        </Text>
        {preview.attachmentNames.length > 0 && (
          <Text size="sm">{t('components.mailAttached', { names: preview.attachmentNames.join(', ') })}</Text>
        )}
        <Text
          size="sm"
          mt="xs"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 220, overflowY: 'auto' }}
          tabIndex={0}
          aria-label={t('components.mailText')}
        >
          {preview.text}
        </Text>
      </Box>
    </Box>
  );
}

/** What will happen to the e-mails, from what the mail server did last (before anything is sent). */
export function MailServerNote({ state }: { state: EmailPreview['mailServer'] }) {
  const t = useT();
  if (state.mailServer === 'none') {
    return (
      <Text size="sm" c="dimmed">
        {t('components.noMailServer')}
      </Text>
    );
  }
  if (state.mailServer !== 'down') return null;
  return (
    <Text size="sm" fw={600} c="orange.9" data-testid="mail-server-down">
      {state.at ? t('components.mailServerDownAt', { at: formatDateTime(state.at) }) : t('components.mailServerDown')}
    </Text>
  );
}
