// The market agent dashboard tab: deliveries waiting to be counted on top, the agent's main jobs as
// links (decision 044), then earnings in rand
// (every 5 s) with what was paid and is owed, a reminder to add bank details while money is owed
// without them, the agent's crates, the 5 most recent transmissions (every 3 s), and last how its
// crates compare with the farm's median agent (decision 070).
//
// The tab shows once the first answers that shape its top are in (deliveries to count, earnings and
// bank details for the reminder, the crate counts, the clients with crates out): shown earlier, the
// figures dropped by a card's height when a delivery arrived above them, a layout shift of up to
// 0.45 on a phone (decision 031).
import { Alert, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { formatRandDecimal } from '../../../../shared/money.ts';
import { BelowTheFold } from '../../../components/below-the-fold.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { SectionLoader } from '../../../components/status-screens.tsx';
import { earningsQueryOptions, useEarnings } from '../../../features/agents/api/get-earnings.ts';
import { StockBadge } from '../../../features/agents/components/stock-badge.tsx';
import { statementsQueryOptions, useStatements } from '../../../features/balance-statements/api/statements.ts';
import { AgentStatements } from '../../../features/balance-statements/components/agent-statements.tsx';
import { bankDetailsQueryOptions, useBankDetails } from '../../../features/billing/api/bank-details.ts';
import { earningsHistoryQueryOptions, useEarningsHistory } from '../../../features/billing/api/get-earnings-history.ts';
import { BankDetailsReminder } from '../../../features/billing/components/bank-details-reminder.tsx';
import { EarningsHistoryCard } from '../../../features/billing/components/earnings-history-card.tsx';
import { clientsQueryOptions, useClients } from '../../../features/clients/api/get-clients.ts';
import { LazyMyInsights } from '../../../features/insights/components/lazy-insights.tsx';
import {
  incomingTransmissionsQueryOptions,
  useIncomingTransmissions,
} from '../../../features/transmissions/api/get-incoming-transmissions.ts';
import {
  dashboardRecentQueryOptions,
  useDashboardRecent,
} from '../../../features/transmissions/api/get-recent-transmissions.ts';
import { IncomingTransmissions } from '../../../features/transmissions/components/incoming-transmissions.tsx';
import { RecentTransmissionsCard } from '../../../features/transmissions/components/recent-transmissions-card.tsx';
import { myAgentQueryOptions, useMyAgent } from '../../../lib/api/get-my-agent.ts';
import { useFirstAnswers } from '../../../lib/first-answers.ts';
import { formatCount } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { paths } from '../../paths.ts';
import { AgentJobs } from './agent-jobs.tsx';
import { ClientsWithDamagePhotos } from './clients-with-damage-photos.tsx';

// Made once: these read their own data, so a poll that changes the figures re-renders the figures,
// not the lists.
const incomingDeliveries = <IncomingTransmissions role="market_agent" />;
const listsBelow = (
  <>
    <BelowTheFold estimate={320}>
      <ClientsWithDamagePhotos />
    </BelowTheFold>
    <BelowTheFold estimate={320}>
      <EarningsHistoryCard />
    </BelowTheFold>
    <BelowTheFold estimate={640}>
      <RecentTransmissionsCard role="market_agent" />
    </BelowTheFold>
    {/* A weekly look, not a daily job: last, after the spec's lists (decision 070). */}
    <BelowTheFold estimate={900}>
      <LazyMyInsights />
    </BelowTheFold>
  </>
);

/** The tab's reads, asked as soon as the dashboard's code is in (dashboards.ts), before it renders. */
export function prefetchAgentOverview(queryClient: QueryClient) {
  // One call each: the answers have different types.
  void queryClient.prefetchQuery(incomingTransmissionsQueryOptions());
  void queryClient.prefetchQuery(earningsQueryOptions());
  void queryClient.prefetchQuery(bankDetailsQueryOptions());
  void queryClient.prefetchQuery(myAgentQueryOptions());
  void queryClient.prefetchQuery(clientsQueryOptions());
  void queryClient.prefetchQuery(statementsQueryOptions());
  void queryClient.prefetchQuery(earningsHistoryQueryOptions());
  void queryClient.prefetchQuery(dashboardRecentQueryOptions());
}

export function AgentOverview() {
  const ready = useFirstAnswers(
    useIncomingTransmissions('market_agent'),
    useEarnings(),
    useBankDetails(),
    useMyAgent(),
    useClients(),
    useStatements(),
    // Below the fold, but asked at the same time, so their cards mount with their answers instead
    // of each re-rendering in a task of its own when it arrives.
    useEarningsHistory(),
    useDashboardRecent('market_agent'),
  );
  if (!ready) return <SectionLoader />;

  return (
    <Stack gap="lg">
      {/* The agent's next job first: deliveries waiting to be counted. */}
      {incomingDeliveries}
      <AgentJobs />
      {/* A monthly statement waiting for the agent's answer (decision 064), next to its jobs. */}
      <AgentStatements />
      <AgentFigures />
      {listsBelow}
    </Stack>
  );
}

/** Earnings and crate counts, with the bank details reminder above them while money is owed. */
function AgentFigures() {
  const t = useT();
  const earnings = useEarnings();
  const me = useMyAgent();
  const agent = me.data;
  return (
    <>
      <BankDetailsReminder owed={earnings.data?.totalOwed} />
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        <Card withBorder radius="md" p="md" bg="green.0">
          <Text size="sm" c="dimmed">
            {t('app.totalEarnings')}
          </Text>
          <Text fw={800} size="xl" data-testid="total-earnings">
            {earnings.data ? formatRandDecimal(earnings.data.totalEarnings) : '…'}
          </Text>
          <Text size="xs" c="dimmed" data-testid="earnings-paid-owed">
            {earnings.data
              ? t('app.paidOwed', {
                  paid: formatRandDecimal(earnings.data.totalPaid),
                  owed: formatRandDecimal(earnings.data.totalOwed),
                })
              : t('app.forEmptiesReturned')}
          </Text>
        </Card>
        <StatCard
          label={t('app.fullCrates')}
          value={agent ? formatCount(agent.fullCrates) : '…'}
          to={paths.clients.href()}
          action={t('app.lendCrates')}
        />
        <StatCard
          label={t('app.withClients')}
          value={agent ? formatCount(agent.cratesWithClients) : '…'}
          to={paths.clients.href()}
          action={t('app.takeCratesBack')}
        />
        <StatCard
          label={t('app.emptyCrates')}
          value={agent ? formatCount(agent.emptyCrates) : '…'}
          hint={t('app.readyToReturn')}
          to={paths.transmissions.href('send-empties')}
          action={t('app.sendToFarm')}
        />
        <StatCard label={t('app.totalCrates')} value={agent ? formatCount(agent.totalCrates) : '…'} />
      </SimpleGrid>
      {agent && (
        <Group gap="xs">
          <Text size="sm">{t('app.stockLevel')}</Text>
          <StockBadge level={agent.stockLevel} />
          <Text size="sm" c="dimmed">
            {t('app.agentLine', { number: agent.agentNumber, market: agent.marketName })}
          </Text>
        </Group>
      )}
      {/* Over figures it has (kept on the phone), no alarm: the banner says how old they are (decision 067). */}
      {me.isError && !agent && <Alert color="red">{t('app.countsFailed')}</Alert>}
    </>
  );
}
