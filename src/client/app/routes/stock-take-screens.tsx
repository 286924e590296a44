// The clients and Market Agents screens with the stock take beside them (decisions 051, 054): the agent's
// count above its clients while the farm store waits for it; the farm store's stock takes under its
// agents, and each agent's stock-take history and loss rate on its card.
import { Stack } from '@mantine/core';
import type { MarketAgent } from '../../../shared/agents.ts';
import { userHasPermission } from '../../../shared/permissions.ts';
import { MarketAgentsPage } from '../../features/agents/pages/market-agents-page.tsx';
import { ClientsPage } from '../../features/clients/pages/clients-page.tsx';
import { AgentStockTake } from '../../features/stock-takes/components/agent-stock-take.tsx';
import { AgentStockTakes } from '../../features/stock-takes/components/agent-stock-take-history.tsx';
import { FarmStockTakes } from '../../features/stock-takes/components/farm-stock-takes.tsx';
import { useUser } from '../../lib/current-user.tsx';

export function ClientsWithStockTake() {
  const user = useUser();
  return (
    <Stack gap="lg">
      {userHasPermission(user, 'read:stock-take:own') && <AgentStockTake />}
      <ClientsPage />
    </Stack>
  );
}

/** A removed agent's card has no history button: the API knows only active agents' (and counted ones'). */
const stockTakesOf = (agent: MarketAgent) =>
  agent.isActive ? <AgentStockTakes marketAgentId={agent.id} agentName={agent.agentName} /> : null;

export function MarketAgentsWithStockTakes() {
  const user = useUser();
  const canRead = userHasPermission(user, 'read:stock-take:any');
  return (
    <Stack gap="lg">
      <MarketAgentsPage agentActions={canRead ? stockTakesOf : undefined} />
      {canRead && <FarmStockTakes />}
    </Stack>
  );
}
