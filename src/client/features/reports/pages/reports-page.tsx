// /reports: transmission and agent reports, PDF and e-mail (spec §2 Reports screen).

import { ComingSoon } from '../../../components/coming-soon.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { RoleGate } from '../../../components/role-gate.tsx';

export function ReportsPage() {
  return (
    <RoleGate permission="read:report:any" denied="This page is only available to farm store administrators.">
      <PageHeader title="Reports" description="Crate movements and agent performance" />
      <ComingSoon what="Reports" />
    </RoleGate>
  );
}
