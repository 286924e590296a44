// /market-agents: every agent's crates, grouped by business (spec §2 Market Agents screen).
import { PageHeader } from '../../../components/page-header.tsx';
import { RoleGate } from '../../../components/role-gate.tsx';
import { ComingSoon } from '../../dashboard/components/coming-soon.tsx';

export function MarketAgentsPage() {
  return (
    <RoleGate roles={['farm_store']} denied="This page is only available to farm store administrators.">
      <PageHeader title="Market Agents" description="Where the farm's crates are, agent by agent" />
      <ComingSoon what="Market agents" />
    </RoleGate>
  );
}
