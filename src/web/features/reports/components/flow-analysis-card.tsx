// Transmission Flow Analysis (spec §2): farm to market, market to farm and acknowledged, each with
// its count and share of the period's transmissions.
import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { ReportSummary } from '../../../../shared/reports.ts';
import { formatCount } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';

export function FlowAnalysisCard({ summary }: { summary: ReportSummary | undefined }) {
  const t = useT();
  // The test id stays in English words whatever the language.
  const rows = summary
    ? ([
        ['farm-to-market', t('reports.farmToMarket'), summary.flow.farmToMarket, 'green.8'],
        ['market-to-farm', t('reports.marketToFarm'), summary.flow.marketToFarm, 'orange.8'],
        ['acknowledged', t('reports.acknowledged'), summary.flow.acknowledged, 'blue.8'],
      ] as const)
    : [];
  return (
    <Card withBorder radius="md" p="lg" h="100%">
      <Title order={2} size="h4" mb="md">
        {t('reports.flowAnalysis')}
      </Title>
      <Stack gap="md">
        {rows.map(([id, label, flow, color]) => (
          <div key={id} data-testid={`flow-${id}`}>
            <Group justify="space-between" gap="xs">
              <Text fw={600}>{label}</Text>
              <Text>
                {formatCount(flow.count)} ({flow.share}%)
              </Text>
            </Group>
            <Progress
              value={flow.share}
              color={color}
              aria-label={t('reports.flowShare', { label, share: flow.share })}
              mt={4}
            />
          </div>
        ))}
      </Stack>
    </Card>
  );
}
