// /statements: the farm store's monthly crate statements (decision 064).
import { PageHeader } from '../../../components/page-header.tsx';
import { RoleGate } from '../../../components/role-gate.tsx';
import { FarmStatements } from '../components/farm-statements.tsx';

export function StatementsPage() {
  return (
    <RoleGate permission="issue:balance-statement:any" denied="Only the farm store issues crate statements">
      <PageHeader
        title="Crate Statements"
        description="Each agent confirms its crate balance for a month; a confirmed month stays closed."
      />
      <FarmStatements />
    </RoleGate>
  );
}
