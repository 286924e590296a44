// The Market Agents screen's turnaround and losses (decision 070): each agent's median days
// away, crates still out with the oldest's age, crates overdue at clients and its loss rate over 12
// weeks, beside the whole farm's and the median agent's; grouped by business like the cards above,
// sorted within each group by the figure chosen; an agent losing too many crates is flagged.
import { Alert, Badge, Box, Card, NativeSelect, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { AgentInsight, Turnaround } from '../../../../shared/insights.ts';
import { formatCount } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useAgentInsights } from '../api/get-insights.ts';
import { type AgentSort, agentSorts, groupedAndSorted, lossRateOf } from './agent-figures.ts';

type T = ReturnType<typeof useT>;

const sortLabels: Record<AgentSort, string> = {
  name: 'insights.sortName',
  turnaround: 'insights.sortTurnaround',
  stillOut: 'insights.sortStillOut',
  overdue: 'insights.sortOverdue',
  lossRate: 'insights.sortLossRate',
};

const percent = (rate: number | null) => (rate === null ? null : `${(rate * 100).toFixed(1)} %`);

function Figures({
  t,
  turnaround,
  overdue,
  lossRate,
}: {
  t: T;
  turnaround: Turnaround;
  overdue: number;
  lossRate: number | null;
}) {
  const none = t('insights.none');
  return (
    <>
      <Table.Td data-figure="turnaround">
        {turnaround.medianDays === null ? none : t('insights.days', { days: turnaround.medianDays })}
      </Table.Td>
      <Table.Td data-figure="stillOut">
        {turnaround.stillOut === 0
          ? none
          : t('insights.stillOut', {
              crates: formatCount(turnaround.stillOut),
              days: turnaround.stillOutOldestDays ?? 0,
            })}
      </Table.Td>
      <Table.Td data-figure="overdue">{formatCount(overdue)}</Table.Td>
      <Table.Td data-figure="lossRate">{percent(lossRate) ?? none}</Table.Td>
    </>
  );
}

function AgentRow({ agent, t }: { agent: AgentInsight; t: T }) {
  return (
    <Table.Tr data-testid="agent-insight-row">
      <Table.Th scope="row">
        {agent.agentName}
        {agent.lossFlagged && (
          <Badge color="red" variant="light" ml="xs">
            {t('insights.lossFlag')}
          </Badge>
        )}
      </Table.Th>
      <Figures
        t={t}
        turnaround={agent.turnaround}
        overdue={agent.overdueAtClients}
        lossRate={lossRateOf(agent.weeks)}
      />
    </Table.Tr>
  );
}

// Long: the card's table (head, the farm's rows, a group of rows per business) is one block of JSX.
export function AgentInsightsCard() {
  const t = useT();
  const insights = useAgentInsights();
  const [sort, setSort] = useState<AgentSort>('name');
  const data = insights.data;
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="agent-insights-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="agent-insights-title">
          {t('insights.agentsTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('insights.agentsIntro')}
        </Text>
        <NativeSelect
          label={t('insights.sortBy')}
          value={sort}
          onChange={(e) => setSort(e.currentTarget.value as AgentSort)}
          data={agentSorts.map((s) => ({ value: s, label: t(sortLabels[s]) }))}
          size="md"
          maw={280}
        />
        {insights.isError ? (
          <Alert color="red">{t('insights.agentsFailed')}</Alert>
        ) : !data ? (
          <Skeleton h={200} />
        ) : (
          <Box tabIndex={0} role="region" aria-label={t('insights.agentsTable')} style={{ overflowX: 'auto' }}>
            <Table withTableBorder miw={560} data-testid="agent-insights">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('insights.colAgent')}</Table.Th>
                  <Table.Th scope="col">{t('insights.colTurnaround')}</Table.Th>
                  <Table.Th scope="col">{t('insights.colStillOut')}</Table.Th>
                  <Table.Th scope="col">{t('insights.colOverdue')}</Table.Th>
                  <Table.Th scope="col">{t('insights.colLossRate')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr fw={600}>
                  <Table.Th scope="row">{t('insights.farmRow')}</Table.Th>
                  <Figures
                    t={t}
                    turnaround={data.farm.turnaround}
                    overdue={data.farm.overdueAtClients}
                    lossRate={lossRateOf(data.farm.weeks)}
                  />
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">{t('insights.agentMedianRow')}</Table.Th>
                  <Table.Td>
                    {data.agentMedian.turnaroundDays === null
                      ? t('insights.none')
                      : t('insights.days', { days: data.agentMedian.turnaroundDays })}
                  </Table.Td>
                  <Table.Td>{t('insights.none')}</Table.Td>
                  <Table.Td>{t('insights.none')}</Table.Td>
                  <Table.Td>{percent(data.agentMedian.lossRate) ?? t('insights.none')}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
              {groupedAndSorted(data.agents, sort, t('billing.businessTbd')).map(([business, members]) => (
                <Table.Tbody key={business}>
                  <Table.Tr>
                    <Table.Th scope="rowgroup" colSpan={5} bg="gray.0">
                      {business}
                    </Table.Th>
                  </Table.Tr>
                  {members.map((agent) => (
                    <AgentRow key={agent.marketAgentId} agent={agent} t={t} />
                  ))}
                </Table.Tbody>
              ))}
            </Table>
          </Box>
        )}
      </Stack>
    </Card>
  );
}
