// Email Report, confirmed (decision 046): who receives it (every active agent, the one chosen
// on the screen, or those picked here), the period, and the first recipient's e-mail as it will arrive,
// all from POST /api/reports/email/preview; then the send, and a toast that says whether the mail
// server took the e-mails or they wait in the outbox.
import { MultiSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { emailReportOutcome, type ReportRequestInput, reportMessages } from '../../../../shared/reports.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { MailPreview, MailServerNote, notifyOutcome } from '../../../components/mail-preview.tsx';
import { agentOptionLabel, useAgentsForTransmission } from '../../../lib/api/get-agents-for-transmission.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate, plural } from '../../../lib/format.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useEmailPreview, useEmailReport } from '../api/email-report.ts';

type Props = { request: ReportRequestInput; onClose: () => void };

// Long: one dialog's JSX: recipients, period and preview, in the order the farm store reads them.
export function EmailReportDialog({ request, onClose }: Props) {
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
        notifyOutcome(emailReportOutcome(res));
        onClose();
      },
      onError: (err) => notifyError(errorMessage(err, reportMessages.emailFailed)),
    });
  const data = preview.data;
  return (
    <ConfirmDialog
      title="Email report"
      confirmLabel={`Email ${count} ${plural(count, 'agent')}`}
      confirmDisabled={!data || preview.isFetching}
      onConfirm={onConfirm}
      onClose={onClose}
      loading={send.isPending}
      size="lg"
      error={<FormError error={preview.error ?? send.error} fallback={reportMessages.emailFailed} />}
    >
      <Stack gap="sm">
        <MultiSelect
          label="Recipients"
          description="Leave empty for every active market agent. Each agent receives its own figures only."
          placeholder={picked.length === 0 ? 'All active agents' : undefined}
          data={(agents.data ?? []).map((a) => ({ value: String(a.id), label: agentOptionLabel(a) }))}
          value={picked}
          onChange={setPicked}
          searchable
          clearable
          nothingFoundMessage="No matching agent"
        />
        {data && (
          <>
            <Text size="sm" data-testid="email-period">
              Period: {formatDate(data.period.startDate)} to {formatDate(data.period.endDate)} ({data.period.days}{' '}
              {plural(data.period.days, 'day')})
            </Text>
            <Text size="sm" data-testid="email-recipients">
              To {count} {plural(count, 'agent')}: {data.recipients.map((r) => r.name).join(', ')}
            </Text>
            {data.preview && <MailPreview preview={data.preview} name={data.recipients[0].name} />}
            <MailServerNote state={data.mailServer} />
          </>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
