// Send Weekly Report(s), confirmed (decision 046): the farm week and the 7 days each summary
// covers, who gets one now and who already had this week's (one per agent per week, whatever is
// clicked), the first e-mail as it will be received, then the send.
import { List, Loader, Stack, Text } from '@mantine/core';
import {
  type RecipientCountResponse,
  reportMessages,
  type SendOutcome,
  type WeeklyPreview,
  weeklyOutcome,
} from '../../shared/reports.ts';
import { useSendWeekly, useWeeklyPreview, type WeeklySendPath } from '../lib/api/weekly-reports.ts';
import { errorMessage } from '../lib/api-client.ts';
import { formatDate, formatDateTime } from '../lib/format.ts';
import { translateEnglish } from '../lib/i18n/english-messages.ts';
import { useT } from '../lib/i18n/use-t.ts';
import { notifyError } from '../lib/notify.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { FormError } from './form-error.tsx';
import { MailPreview, MailServerNote, notifyOutcome } from './mail-preview.tsx';

type Props = {
  path: WeeklySendPath;
  onClose: () => void;
  /** The toast after sending; the Reports screen's spec words unless given. */
  outcome?: (res: RecipientCountResponse) => SendOutcome;
  failed?: string;
};

export function WeeklyReportsDialog({
  path,
  onClose,
  outcome = weeklyOutcome,
  failed: failedEnglish = reportMessages.weeklyFailed,
}: Props) {
  const t = useT();
  const failed = translateEnglish(failedEnglish);
  const preview = useWeeklyPreview();
  const send = useSendWeekly(path);
  const due = preview.data?.recipients.filter((r) => r.sentAt === null) ?? [];
  const onConfirm = () =>
    send.mutate(undefined, {
      onSuccess: (res) => {
        notifyOutcome(outcome(res));
        onClose();
      },
      onError: (err) => notifyError(errorMessage(err, failed)),
    });
  return (
    <ConfirmDialog
      title={t('components.weeklyTitle')}
      confirmLabel={t('components.weeklySendTo', { count: due.length })}
      confirmDisabled={!preview.data || due.length === 0}
      onConfirm={onConfirm}
      onClose={onClose}
      loading={send.isPending}
      size="lg"
      error={<FormError error={preview.error ?? send.error} fallback={failed} />}
    >
      {preview.data ? (
        <WeeklyBody data={preview.data} />
      ) : (
        !preview.error && <Loader size="sm" role="status" aria-label={t('components.weeklyLoading')} />
      )}
    </ConfirmDialog>
  );
}

function WeeklyBody({ data }: { data: WeeklyPreview }) {
  const due = data.recipients.filter((r) => r.sentAt === null);
  const had = data.recipients.filter((r) => r.sentAt !== null);
  const first = due[0];
  const t = useT();
  return (
    <Stack gap="sm">
      <Text size="sm">
        {t('components.weeklyIntro', {
          from: formatDate(data.period.startDate),
          to: formatDate(data.period.endDate),
          weekFrom: formatDate(data.week.startDate),
          weekTo: formatDate(data.week.endDate),
        })}
      </Text>
      {due.length > 0 ? (
        <div>
          <Text size="sm" fw={600}>
            {t('components.weeklyDue', { count: due.length })}
          </Text>
          <List size="sm" data-testid="weekly-due">
            {due.map((r) => (
              <List.Item key={r.marketAgentId}>
                {r.name} ({r.agentNumber}) · {r.email}
              </List.Item>
            ))}
          </List>
        </div>
      ) : (
        <Text size="sm" fw={600} data-testid="weekly-all-sent">
          {data.recipients.length === 0
            ? translateEnglish(reportMessages.noRecipients)
            : t('components.weeklyAllSent', { date: formatDate(nextMonday(data.week.endDate)) })}
        </Text>
      )}
      {had.length > 0 && (
        <div>
          <Text size="sm" fw={600}>
            {t('components.weeklyHad', { count: had.length })}
          </Text>
          <List size="sm" data-testid="weekly-had">
            {had.map((r) => (
              <List.Item key={r.marketAgentId}>
                {r.name} ({r.agentNumber}) · {t('components.weeklySentAt', { at: formatDateTime(r.sentAt!) })}
              </List.Item>
            ))}
          </List>
        </div>
      )}
      {first && data.preview && <MailPreview preview={data.preview} name={first.name} />}
      {due.length > 0 && <MailServerNote state={data.mailServer} />}
    </Stack>
  );
}

const nextMonday = (sunday: string) => {
  const d = new Date(`${sunday}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};
