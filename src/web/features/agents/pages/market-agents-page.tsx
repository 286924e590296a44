// /market-agents: every agent's crates, grouped by business (spec §2 Market Agents screen).
import { Alert, Badge, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { agentMessages, type MarketAgent } from '../../../../shared/agents.ts';
import { MessageCard } from '../../../components/message-card.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { RoleGate } from '../../../components/role-gate.tsx';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useMarketAgents } from '../api/get-market-agents.ts';
import { AgentCard } from '../components/agent-card.tsx';
import { AgentTotals } from '../components/agent-totals.tsx';

/** Agents by business name, 'Business TBD' for those without one; groups in name order, TBD last. */
export function groupByBusiness(
  agents: MarketAgent[],
  fallback: string = agentMessages.businessFallback,
): [string, MarketAgent[]][] {
  const groups = new Map<string, MarketAgent[]>();
  for (const agent of agents) {
    const name = agent.businessName?.trim() || fallback;
    groups.set(name, [...(groups.get(name) ?? []), agent]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a === fallback ? 1 : b === fallback ? -1 : a.localeCompare(b)));
}

/** '3 agents', or '2 agents · 1 removed' when some are removed (decision 039): a removed agent is listed
 * (its crates are still on the ledger) but never counted as an active one. Removed agents come last. */
export function agentCount(
  agents: MarketAgent[],
  t: (key: string, values?: Record<string, string | number>) => string,
): string {
  const active = agents.filter((a) => a.isActive).length;
  const removed = agents.length - active;
  return `${t('agents.agentCount', { count: active })}${removed > 0 ? t('agents.removedCount', { count: removed }) : ''}`;
}

const activeFirst = (agents: MarketAgent[]) => [...agents].sort((a, b) => Number(b.isActive) - Number(a.isActive));

/** An agent card's narrowest and widest, so cards line up in columns across businesses. */
const CARD_MIN_WIDTH = 280;
const CARD_MAX_WIDTH = 380;

/** What another feature adds to each agent's card (composed in app/routes: the stock-take history). */
type ScreenProps = { agentActions?: (agent: MarketAgent) => ReactNode };

export function MarketAgentsPage(props: ScreenProps) {
  const t = useT();
  return (
    <RoleGate permission="read:market-agent:any" denied={t('billing.farmStoreOnly')}>
      <MarketAgentsScreen {...props} />
    </RoleGate>
  );
}

// Long: the screen's layout (header, totals, the groups of agent cards) with its loading and error states.
function MarketAgentsScreen({ agentActions }: ScreenProps) {
  const t = useT();
  const agents = useMarketAgents();
  const list = agents.data ?? [];
  return (
    <>
      <PageHeader
        title={t('agents.pageTitle')}
        description={t('agents.pageDescription')}
        actions={
          <Badge size="lg" variant="light" data-testid="total-agents">
            {agentCount(list, t)}
          </Badge>
        }
      />
      {agents.isPending ? (
        <Stack>
          <Skeleton height={80} radius="md" />
          <Skeleton height={220} radius="md" />
        </Stack>
      ) : agents.isError ? (
        <Alert color="red">{t('agents.loadFailed')}</Alert>
      ) : list.length === 0 ? (
        <MessageCard icon={IconBuildingStore} title={t('agents.noAgents')} text={t('agents.noAgentsText')} />
      ) : (
        <Stack gap="lg">
          <AgentTotals agents={list} />
          {/* Businesses flow side by side, each as wide as its agents' cards, so a farm of one-agent
              businesses fills the desktop width in a grid instead of one card per row. */}
          <Group align="flex-start" gap="lg" data-testid="agent-groups">
            {groupByBusiness(list, t('billing.businessTbd')).map(([business, members]) => (
              <section
                key={business}
                aria-label={business}
                style={{
                  flex: `1 1 ${members.length * CARD_MIN_WIDTH}px`,
                  maxWidth: members.length * CARD_MAX_WIDTH,
                  minWidth: 0,
                }}
              >
                <Group gap="xs" mb="sm">
                  <Title order={2} size="h4">
                    {business}
                  </Title>
                  <Badge variant="outline" data-testid="group-count">
                    {agentCount(members, t)}
                  </Badge>
                </Group>
                <div
                  style={{
                    display: 'grid',
                    gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${CARD_MIN_WIDTH}px), 1fr))`,
                    gap: 'var(--mantine-spacing-md)',
                  }}
                >
                  {activeFirst(members).map((agent) => (
                    <AgentCard key={agent.id} agent={agent} actions={agentActions?.(agent)} />
                  ))}
                </div>
              </section>
            ))}
          </Group>
        </Stack>
      )}
    </>
  );
}
