// Data out at any time (decision 049): a card with a range of days and one download
// button per CSV file the screen's records make (GET /api/exports/<file>.csv). Blank dates mean no
// bound; a start after the end is said under the field, and nothing is downloaded until it is fixed.
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type ExportKind, exportLabels, exportMessages, exportUrl } from '../../shared/exports.ts';
import { downloadFile, errorMessage } from '../lib/api-client.ts';
import { translateEnglish } from '../lib/i18n/english-messages.ts';
import { t as translate } from '../lib/i18n/language.ts';
import { useT } from '../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';

type Props = { kinds: readonly ExportKind[]; title?: string };

/** One CSV file's download button, its name wrapping on a phone instead of being cut off (decision 067). */
function DownloadButton({ kind, loading, onClick }: { kind: ExportKind; loading: boolean; onClick: () => void }) {
  return (
    <Button
      variant="default"
      size="md"
      mih={44}
      h="auto"
      py={8}
      maw="100%"
      styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
      leftSection={<IconDownload size={18} aria-hidden />}
      loading={loading}
      onClick={onClick}
    >
      {translateEnglish(exportLabels[kind])}
    </Button>
  );
}

export function ExportDownload({ kinds, title }: Props) {
  const t = useT();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const headingId = useId();
  const download = useMutation({
    mutationFn: (kind: ExportKind) => downloadFile('GET', exportUrl(kind, { from, to }), `cratekeeper-${kind}.csv`),
  });
  const orderError = from && to && from > to ? translateEnglish(exportMessages.dateOrder) : undefined;
  const onDownload = (kind: ExportKind) => {
    if (orderError) return;
    download.mutate(kind, {
      onSuccess: (name) =>
        notifySuccess(translate('components.fileDownloaded', { name }), translate('components.downloaded')),
      onError: (error) => notifyError(errorMessage(error, translateEnglish(exportMessages.downloadFailed))),
    });
  };
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {title ?? t('components.downloadCsv')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('components.downloadHelp')}
        </Text>
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={t('components.from')}
            size="md"
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('components.to')}
            size="md"
            value={to}
            error={orderError}
            onChange={(e) => setTo(e.currentTarget.value)}
          />
        </Group>
        <Group gap="sm">
          {kinds.map((kind) => (
            <DownloadButton
              key={kind}
              kind={kind}
              loading={download.isPending && download.variables === kind}
              onClick={() => onDownload(kind)}
            />
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
