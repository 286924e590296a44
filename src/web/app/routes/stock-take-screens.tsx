// The clients and Market Agents screens with the stock take beside them (decisions 051, 054): the agent's
// count above its clients while the farm store waits for it; the farm store's stock takes under its
// agents, and each agent's stock-take history and loss rate on its card. Each difference carries its
// photos (decision 053): the agent adds them, both sides see them; a return with damaged crates offers a
// photo of them next, and each agent's card lists its damaged crates with their photos (decision 056).
import { Stack } from '@mantine/core';
import type { MarketAgent } from '../../../shared/agents.ts';
import { userHasPermission } from '../../../shared/permissions.ts';
import { type DamagedRecord, DamagePhotoStep } from '../../components/damage-photo-step.tsx';
import { MarketAgentsPage } from '../../features/agents/pages/market-agents-page.tsx';
import { ClientsPage } from '../../features/clients/pages/clients-page.tsx';
import { AgentDamagedCrates } from '../../features/evidence/components/damaged-crates-dialog.tsx';
import { EvidencePhotos } from '../../features/evidence/components/evidence-photos.tsx';
import { AgentInsightsCard } from '../../features/insights/components/agent-insights-card.tsx';
import { FarmLossTrend } from '../../features/insights/components/farm-loss-trend.tsx';
import { AgentStockTake } from '../../features/stock-takes/components/agent-stock-take.tsx';
import { AgentStockTakes } from '../../features/stock-takes/components/agent-stock-take-history.tsx';
import { FarmStockTakes } from '../../features/stock-takes/components/farm-stock-takes.tsx';
import { useUser } from '../../lib/current-user.tsx';

/** After a return with damaged crates: the loan's photos and "Add a photo". */
const damagePhotos = (record: DamagedRecord, subject: string, after?: string) => (
  <EvidencePhotos recordKind={record.recordKind} recordId={record.recordId} subject={subject} after={after} />
);

export function ClientsWithStockTake() {
  const user = useUser();
  return (
    <Stack gap="lg">
      {userHasPermission(user, 'read:stock-take:own') && (
        <AgentStockTake
          differenceExtra={(line) => (
            <EvidencePhotos recordKind="stock-take-line" recordId={line.id} subject={line.label} />
          )}
        />
      )}
      <DamagePhotoStep.Provider value={damagePhotos}>
        <ClientsPage />
      </DamagePhotoStep.Provider>
    </Stack>
  );
}

/**
 * Each card's stock-take history and its damaged crates with their photos (decision 056). A removed
 * agent's card has no history button (the API knows only active agents' and counted ones'); its damaged
 * crates stay on record.
 */
const agentActionsOf = (agent: MarketAgent) => (
  <>
    {agent.isActive && <AgentStockTakes marketAgentId={agent.id} agentName={agent.agentName} />}
    <AgentDamagedCrates marketAgentId={agent.id} agentName={agent.agentName} />
  </>
);

export function MarketAgentsWithStockTakes() {
  const user = useUser();
  const canRead = userHasPermission(user, 'read:stock-take:any');
  return (
    <Stack gap="lg">
      <MarketAgentsPage agentActions={canRead ? agentActionsOf : undefined} />
      {/* Turnaround and losses per agent against the farm's, and one agent's weekly loss rate (decision 070). */}
      {userHasPermission(user, 'read:market-agent:any') && (
        <>
          <AgentInsightsCard />
          <FarmLossTrend />
        </>
      )}
      {canRead && (
        <FarmStockTakes
          differenceExtra={(line) => (
            <EvidencePhotos recordKind="stock-take-line" recordId={line.id} subject={line.label} canAttach={false} />
          )}
        />
      )}
    </Stack>
  );
}
