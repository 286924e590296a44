// One market agent's card (spec §2): name, number, stock badge, business, market, crate counts,
// contact, e-mail and return rate; a 'Removed' badge on an agent the farm store removed. The number and
// e-mail are links a thumb taps: 44 px high on a phone.
import { Anchor, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { MarketAgent } from '../../../../shared/agents.ts';
import { telNumber } from '../../../../shared/clients-labels.ts';
import { RemovedBadge } from '../../../components/removed-badge.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { StockBadge } from './stock-badge.tsx';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </div>
  );
}

/**
 * Crates overdue at the agent's clients (loans out longer than LOAN_OVERDUE_DAYS, decision 054): red
 * when there are any, so the farm sees at a glance whom to call.
 */
export function OverdueAtClients({ overdue }: { overdue: MarketAgent['overdueAtClients'] }) {
  const t = useT();
  const { crates, clients, loans } = overdue;
  return (
    <Text size="sm" data-testid="overdue-at-clients">
      <Text span c="dimmed">
        {t('agents.overdueAtClients')}{' '}
      </Text>
      {loans === 0 ? (
        t('agents.none')
      ) : (
        <Text span fw={700} c="red.9">
          {t('agents.overdueFigures', { crates, clients })}
        </Text>
      )}
    </Text>
  );
}

// Long: one card's layout (name, stock badge, figures, contact); every line is JSX, with no rule to hide.
export function AgentCard({ agent, actions }: { agent: MarketAgent; actions?: ReactNode }) {
  const t = useT();
  return (
    <Card
      withBorder
      radius="md"
      p="md"
      data-testid="agent-card"
      data-removed={!agent.isActive || undefined}
      aria-label={agent.agentName}
      component="article"
    >
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={700} truncate>
            {agent.agentName}
          </Text>
          <Text size="sm" c="dimmed">
            {t('agents.agentNumber', { number: agent.agentNumber })}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {/* A removed agent (decision 039) is still listed, its crates still on the ledger, but never as active. */}
          {!agent.isActive && <RemovedBadge />}
          <StockBadge level={agent.stockLevel} />
        </Group>
      </Group>
      <Stack gap={2} mb="sm">
        <Text size="sm">
          <Text span c="dimmed">
            {t('agents.business')}{' '}
          </Text>
          {agent.businessName || t('billing.businessTbd')}
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            {t('agents.location')}{' '}
          </Text>
          {agent.marketName}
        </Text>
      </Stack>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" mb="sm">
        <Figure label={t('agents.totalCrates')} value={formatCount(agent.totalCrates)} />
        <Figure label={t('agents.full')} value={formatCount(agent.fullCrates)} />
        <Figure label={t('agents.withClients')} value={formatCount(agent.cratesWithClients)} />
        <Figure label={t('agents.emptyReady')} value={formatCount(agent.emptyCrates)} />
      </SimpleGrid>
      <Stack gap={2}>
        <Text size="sm">
          <Text span c="dimmed">
            {t('agents.contact')}{' '}
          </Text>
          {agent.contactNumber ? (
            <Anchor href={`tel:${telNumber(agent.contactNumber)}`} className="thumb-link">
              {agent.contactNumber}
            </Anchor>
          ) : (
            '—'
          )}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span c="dimmed">
            {t('agents.email')}{' '}
          </Text>
          <Anchor href={`mailto:${agent.agentEmail}`} className="thumb-link">
            {agent.agentEmail}
          </Anchor>
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            {t('agents.returnRate')}{' '}
          </Text>
          <Text span fw={600}>
            {agent.returnRate}%
          </Text>
        </Text>
        <OverdueAtClients overdue={agent.overdueAtClients} />
      </Stack>
      {actions}
    </Card>
  );
}
