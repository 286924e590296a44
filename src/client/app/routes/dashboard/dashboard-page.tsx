// The dashboard of the signed-in user's role; an unknown role gets the farm store's (spec §2).
import { useUser } from '../../../lib/current-user.tsx';
import { FarmStoreDashboard } from './farm-store-dashboard.tsx';
import { MarketAgentDashboard } from './market-agent-dashboard.tsx';
import { SupplierDashboard } from './supplier-dashboard.tsx';

export function DashboardPage() {
  const user = useUser();
  if (user.role === 'market_agent') return <MarketAgentDashboard />;
  if (user.role === 'supplier') return <SupplierDashboard />;
  return <FarmStoreDashboard />;
}
