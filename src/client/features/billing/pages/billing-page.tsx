// /billing: billing cycles and what each agent earned (spec §2 Billing screen).

import { ComingSoon } from '../../../components/coming-soon.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { RoleGate } from '../../../components/role-gate.tsx';

export function BillingPage() {
  return (
    <RoleGate permission="read:billing:any" denied="This page is only available to farm store administrators.">
      <PageHeader title="Billing" description="Billing cycles and agent payments" />
      <ComingSoon what="Billing cycles" />
    </RoleGate>
  );
}
