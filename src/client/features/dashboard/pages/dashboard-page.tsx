// The dashboard of the signed-in user's role; an unknown role gets the farm store's (spec §2).
import { useUser } from '../../auth/api.ts';
import { FarmStoreDashboard } from '../components/farm-store-dashboard.tsx';
import { MarketAgentDashboard } from '../components/market-agent-dashboard.tsx';
import { SupplierDashboard } from '../components/supplier-dashboard.tsx';

export function DashboardPage() {
  const user = useUser();
  if (user.role === 'market_agent') return <MarketAgentDashboard />;
  if (user.role === 'supplier') return <SupplierDashboard />;
  return <FarmStoreDashboard />;
}
