// Email Report, confirmed (decision 046): who receives it (every active agent, the one chosen
// on the screen, or those picked here), the period, and the first recipient's e-mail as it will arrive,
// all from POST /api/reports/email/preview; then the send, and a toast that says whether the mail
// server took the e-mails or they wait in the outbox.
import { MultiSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { emailReportOutcome, type ReportRequestInput } from '../../../../shared/reports.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { MailPreview, MailServerNote, notifyOutcome } from '../../../components/mail-preview.tsx';
import { agentOptionLabel, useAgentsForTransmission } from '../../../lib/api/get-agents-for-transmission.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useEmailPreview, useEmailReport } from '../api/email-report.ts';

type Props = { request: ReportRequestInput; onClose: () => void };

// Long: one dialog's JSX: recipients, period and preview, in the order the farm store reads them.
export function EmailReportDialog({ request, onClose }: Props) {
  const t = useT();
  const agents = useAgentsForTransmission();
  // Empty: every active agent (the spec's 'all'); otherwise the agents picked, starting from the screen's choice.
  const chosen = typeof request.selectedAgentId === 'number' ? [String(request.selectedAgentId)] : [];
  const [picked, setPicked] = useState<string[]>(chosen);
  const body = {
    ...request,
    ...(picked.length > 0 ? { recipientAgentIds: picked.map(Number) } : {}),
  };
  const preview = useEmailPreview(body);
  const send = useEmailReport();
  const count = preview.data?.recipients.length ?? 0;
  const onConfirm = () =>
    send.mutate(body, {
      onSuccess: (res) => {
        notifyOutcome(emailReportOutcome(res, t));
        onClose();
      },
      onError: (err) => notifyError(errorMessage(err, t('reports.emailFailed'))),
    });
  const data = preview.data;
  return (
    <ConfirmDialog
      title={t('reports.emailReportTitle')}
      confirmLabel={t('reports.emailAgents', { count })}
      confirmDisabled={!data || preview.isFetching}
      onConfirm={onConfirm}
      onClose={onClose}
      loading={send.isPending}
      size="lg"
      error={<FormError error={preview.error ?? send.error} fallback={t('reports.emailFailed')} />}
    >
      <Stack gap="sm">
        <MultiSelect
          label={t('reports.recipientsField')}
          description={t('reports.recipientsHint')}
          placeholder={picked.length === 0 ? t('reports.allActiveAgents') : undefined}
          data={(agents.data ?? []).map((a) => ({ value: String(a.id), label: agentOptionLabel(a) }))}
          value={picked}
          onChange={setPicked}
          searchable
          clearable
          nothingFoundMessage={t('reports.noMatchingAgent')}
        />
        {data && (
          <>
            <Text size="sm" data-testid="email-period">
              {t('reports.emailPeriod', {
                start: formatDate(data.period.startDate),
                end: formatDate(data.period.endDate),
                days: data.period.days,
              })}
            </Text>
            <Text size="sm" data-testid="email-recipients">
              {t('reports.emailTo', { count, names: data.recipients.map((r) => r.name).join(', ') })}
            </Text>
            {data.preview && <MailPreview preview={data.preview} name={data.recipients[0].name} />}
            <MailServerNote state={data.mailServer} />
          </>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
