// /clients: a market agent's clients and their crate loans (spec §2 Clients screen).

import { ComingSoon } from '../../../components/coming-soon.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { RoleGate } from '../../../components/role-gate.tsx';

export function ClientsPage() {
  return (
    <RoleGate permission="read:client:own" denied="This page is only available to market agents.">
      <PageHeader title="Clients" description="Crates lent to your clients and returned" />
      <ComingSoon what="Clients and crate loans" />
    </RoleGate>
  );
}
