// /reports: configuration and actions, stat cards, flow analysis and agent performance (spec §2
// Reports screen). The route composes it with other features' cards (recent activity, outbox).
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useReportSummary } from '../api/get-report-summary.ts';
import { AgentPerformanceCard } from '../components/agent-performance-card.tsx';
import { FlowAnalysisCard } from '../components/flow-analysis-card.tsx';
import { dateOrderError, type ReportConfig, ReportConfigCard } from '../components/report-config-card.tsx';
import { ReportStatCards } from '../components/report-stat-cards.tsx';

export function ReportsContent({ recentActivity, outbox }: { recentActivity?: ReactNode; outbox?: ReactNode }) {
  const t = useT();
  const [config, setConfig] = useState<ReportConfig>({
    reportType: 'weekly',
    selectedAgentId: 'all',
    startDate: '',
    endDate: '',
  });
  const summary = useReportSummary(config, !dateOrderError(config));
  return (
    <Stack gap="lg">
      <ReportConfigCard
        config={config}
        onChange={setConfig}
        answer={summary.isPlaceholderData ? undefined : summary.data}
      />
      {summary.isError && <Text c="red.8">{t('reports.figuresFailed')}</Text>}
      <ReportStatCards summary={summary.data} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {recentActivity}
        <FlowAnalysisCard summary={summary.data} />
      </SimpleGrid>
      <AgentPerformanceCard summary={summary.data} />
      {outbox}
    </Stack>
  );
}
