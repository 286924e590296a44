// A token or a secret the server answers once (decision 063): shown with a copy button and the warning
// that it will not be shown again.
import { Button, Card, Code, CopyButton, Stack, Text } from '@mantine/core';
import { translateEnglish } from '../../../lib/i18n/english-messages.ts';
import { useT } from '../../../lib/i18n/use-t.ts';

export function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const t = useT();
  return (
    <Card withBorder padding="sm" radius="sm" role="status">
      <Stack gap="sm">
        <Text fw={700}>{label}</Text>
        <Text size="sm">{t('integrations.copyNow')}</Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="shown-once">
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? t('integrations.copied') : t('integrations.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={onDone}>
          {t('integrations.haveCopied')}
        </Button>
      </Stack>
    </Card>
  );
}

/** A form's messages by field, from its schema's issues (shown under each field; nothing typed is changed). */
export const fieldErrors = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  Object.fromEntries(issues.map((i) => [String(i.path[0]), translateEnglish(i.message)]));
