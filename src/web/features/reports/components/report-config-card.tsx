// The report's configuration (spec §2 Reports screen): type, market agent or all, start and end date,
// and the three actions with the spec's toasts. Under the dates, what blank dates mean for the chosen
// type (decision 041: the last 7 days, this month so far, the active billing cycle so far).
import { Button, Card, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconDownload, IconMail, IconSend } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import {
  blankDatesHint,
  MAX_REPORT_DAYS,
  type ReportRequestInput,
  type ReportSummary,
  type ReportType,
  reportTypes,
} from '../../../../shared/reports.ts';
import { SectionHeader } from '../../../components/page-header.tsx';
import { WeeklyReportsDialog } from '../../../components/weekly-reports-dialog.tsx';
import { agentOptionLabel, useAgentsForTransmission } from '../../../lib/api/get-agents-for-transmission.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { t as say } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDownloadReport } from '../api/download-report.ts';
import type { SummaryFilter } from '../api/get-report-summary.ts';
import { REPORT_WEEKLY_PATH } from '../api/paths.ts';
import { EmailReportDialog } from './email-report-dialog.tsx';

export type ReportConfig = SummaryFilter;

// The billing type downloads the cycle's statement, an HTML page (spec §7), not a PDF: the button says
// so (a 'Download PDF' that gave HTML). Blank dates: the active cycle; a cycle's exact dates:
// that cycle.

/** Each report type's catalogue key. */
const typeKeys: Record<ReportType, string> = {
  weekly: 'reports.typeWeekly',
  monthly: 'reports.typeMonthly',
  billing: 'reports.typeBilling',
  custom: 'reports.typeCustom',
};

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * What is wrong with the chosen dates, as the server would say it, so nothing is asked that it would
 * refuse. A start date alone runs to today (spec §5); the server, on farm time, has the last word.
 */
export const dateOrderError = (config: ReportConfig, today = dayjs().format('YYYY-MM-DD')) => {
  const { startDate } = config;
  if (!startDate) return null;
  const endDate = config.endDate || (startDate > today ? startDate : today);
  if (startDate > endDate) return say('reports.dateOrder');
  if (dayNumber(endDate) - dayNumber(startDate) + 1 > MAX_REPORT_DAYS)
    return say('reports.tooLong', { max: MAX_REPORT_DAYS });
  return null;
};

export const reportRequest = (config: ReportConfig): ReportRequestInput => ({
  reportType: config.reportType,
  dateRange: { startDate: config.startDate, endDate: config.endDate },
  selectedAgentId: config.selectedAgentId === 'all' ? 'all' : Number(config.selectedAgentId),
});

type ConfigProps = {
  config: ReportConfig;
  set: (patch: Partial<ReportConfig>) => void;
  orderError: string | null;
  /** The server's answer for this very configuration (not a previous one kept on screen), if any. */
  answer?: ReportSummary;
};

// Long: the four fields' layout and the blank-dates line under them.
function ReportFields({ config, set, orderError, answer }: ConfigProps) {
  const t = useT();
  const agents = useAgentsForTransmission();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
      <Select
        label={t('reports.reportTypeField')}
        data={reportTypes.map((type) => ({ value: type, label: t(typeKeys[type]) }))}
        value={config.reportType}
        onChange={(v) => v && set({ reportType: v as ReportType })}
        allowDeselect={false}
      />
      <Select
        label={t('reports.marketAgentField')}
        data={[
          { value: 'all', label: t('reports.allAgents') },
          ...(agents.data ?? []).map((a) => ({ value: String(a.id), label: agentOptionLabel(a) })),
        ]}
        value={config.selectedAgentId}
        onChange={(v) => set({ selectedAgentId: v ?? 'all' })}
        allowDeselect={false}
        searchable
        nothingFoundMessage={t('reports.noMatchingAgent')}
      />
      <TextInput
        type="date"
        label={t('billing.startDate')}
        value={config.startDate}
        onChange={(e) => set({ startDate: e.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={t('billing.endDate')}
        value={config.endDate}
        onChange={(e) => set({ endDate: e.currentTarget.value })}
        error={orderError}
      />
      <Text size="sm" c="dimmed" data-testid="blank-dates-hint" style={{ gridColumn: '1 / -1' }}>
        {blankDatesHint(config.reportType, config.startDate || config.endDate ? undefined : answer, t)}
      </Text>
    </SimpleGrid>
  );
}

/**
 * Email Report, Send Weekly Report and the download, with the spec's toasts. The two e-mail buttons
 * open a dialog first (decision 046): recipients, period, preview; then the send.
 */
function ReportActions({ config, orderError }: { config: ReportConfig; orderError: string | null }) {
  const t = useT();
  const [dialog, setDialog] = useState<'email' | 'weekly' | null>(null);
  const download = useDownloadReport();
  const close = () => setDialog(null);
  const onDownload = () =>
    download.mutate(reportRequest(config), {
      onSuccess: () =>
        notifySuccess(config.reportType === 'billing' ? t('billing.statementDownloaded') : t('reports.downloaded')),
      onError: (err) => notifyError(errorMessage(err, t('reports.generateFailed'))),
    });
  return (
    <Group mt="lg" gap="sm">
      <Button leftSection={<IconMail size={18} />} onClick={() => setDialog('email')} disabled={!!orderError}>
        {t('reports.emailReport')}
      </Button>
      <Button variant="light" leftSection={<IconSend size={18} />} onClick={() => setDialog('weekly')}>
        {t('reports.sendWeeklyReport')}
      </Button>
      <Button
        variant="outline"
        leftSection={<IconDownload size={18} />}
        onClick={onDownload}
        loading={download.isPending}
        disabled={!!orderError}
      >
        {config.reportType === 'billing' ? t('reports.downloadStatement') : t('reports.downloadPdf')}
      </Button>
      {dialog === 'email' && <EmailReportDialog request={reportRequest(config)} onClose={close} />}
      {dialog === 'weekly' && <WeeklyReportsDialog path={REPORT_WEEKLY_PATH} onClose={close} />}
    </Group>
  );
}

export function ReportConfigCard({
  config,
  onChange,
  answer,
}: {
  config: ReportConfig;
  onChange: (config: ReportConfig) => void;
  answer?: ReportSummary;
}) {
  const t = useT();
  const set = (patch: Partial<ReportConfig>) => onChange({ ...config, ...patch });
  const orderError = dateOrderError(config);
  return (
    <Card withBorder radius="md" p="lg">
      <SectionHeader
        title={t('reports.configuration')}
        description={config.reportType === 'billing' ? t('reports.billingHint') : t('reports.periodHint')}
      />
      <ReportFields config={config} set={set} orderError={orderError} answer={answer} />
      <ReportActions config={config} orderError={orderError} />
    </Card>
  );
}
