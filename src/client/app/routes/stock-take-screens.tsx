// The clients and Market Agents screens with the stock take beside them (decision 051): the agent's
// count above its clients while the farm store waits for it; the farm store's stock takes under its agents.
import { Stack } from '@mantine/core';
import { userHasPermission } from '../../../shared/permissions.ts';
import { MarketAgentsPage } from '../../features/agents/pages/market-agents-page.tsx';
import { ClientsPage } from '../../features/clients/pages/clients-page.tsx';
import { AgentStockTake } from '../../features/stock-takes/components/agent-stock-take.tsx';
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

export function MarketAgentsWithStockTakes() {
  const user = useUser();
  return (
    <Stack gap="lg">
      <MarketAgentsPage />
      {userHasPermission(user, 'read:stock-take:any') && <FarmStockTakes />}
    </Stack>
  );
}
