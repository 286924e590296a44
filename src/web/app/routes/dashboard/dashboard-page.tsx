// The dashboard of the signed-in user's role; an unknown role gets the farm store's (spec §2).
import { useUser } from '../../../lib/current-user.tsx';
import { dashboardFor } from './dashboards.ts';

export function DashboardPage() {
  const Dashboard = dashboardFor(useUser().role);
  return <Dashboard />;
}
