// /statements: the farm store's monthly crate statements (decision 064).
import { PageHeader } from '../../../components/page-header.tsx';
import { RoleGate } from '../../../components/role-gate.tsx';
import { useT } from '../../../lib/i18n/use-t.ts';
import { FarmStatements } from '../components/farm-statements.tsx';

export function StatementsPage() {
  const t = useT();
  return (
    <RoleGate permission="issue:balance-statement:any" denied={t('balance-statements.farmOnly')}>
      <PageHeader title={t('balance-statements.pageTitle')} description={t('balance-statements.pageDescription')} />
      <FarmStatements />
    </RoleGate>
  );
}
