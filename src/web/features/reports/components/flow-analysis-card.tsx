// Transmission Flow Analysis (spec §2): farm to market, market to farm and acknowledged, each with
// its count and share of the period's transmissions.
import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { ReportSummary } from '../../../../shared/reports.ts';
import { formatCount } from '../../../lib/format.ts';

export function FlowAnalysisCard({ summary }: { summary: ReportSummary | undefined }) {
  const rows = summary
    ? ([
        ['Farm to Market', summary.flow.farmToMarket, 'green.8'],
        ['Market to Farm', summary.flow.marketToFarm, 'orange.8'],
        ['Acknowledged', summary.flow.acknowledged, 'blue.8'],
      ] as const)
    : [];
  return (
    <Card withBorder radius="md" p="lg" h="100%">
      <Title order={2} size="h4" mb="md">
        Transmission Flow Analysis
      </Title>
      <Stack gap="md">
        {rows.map(([label, flow, color]) => (
          <div key={label} data-testid={`flow-${label.toLowerCase().replaceAll(' ', '-')}`}>
            <Group justify="space-between" gap="xs">
              <Text fw={600}>{label}</Text>
              <Text>
                {formatCount(flow.count)} ({flow.share}%)
              </Text>
            </Group>
            <Progress
              value={flow.share}
              color={color}
              aria-label={`${label}: ${flow.share}% of transmissions`}
              mt={4}
            />
          </div>
        ))}
      </Stack>
    </Card>
  );
}
