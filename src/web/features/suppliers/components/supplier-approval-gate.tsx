// Spec §2: an unapproved supplier sees only 'Account Pending Approval'. The supplier
// dashboard shows it in place of the tabs; this gate shows it on the other screen a supplier may open
// (transmissions, whose calls the server refuses it anyway). Screens for other roles keep their Access
// Denied card (spec §6), which shows nothing of the farm. Everyone else, and an approved supplier, get
// the screen as usual; the gate opens by itself on the approval's 'suppliers' change.
import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { useUser } from '../../../lib/current-user.tsx';
import { useT } from '../../../lib/i18n/use-t.ts';
import { mySupplierQueryOptions } from '../api/get-my-supplier.ts';
import { PendingApproval } from './pending-approval.tsx';

export function SupplierApprovalGate() {
  const t = useT();
  const user = useUser();
  const isSupplier = user.role === 'supplier';
  const supplier = useQuery({ ...mySupplierQueryOptions(), enabled: isSupplier });
  if (!isSupplier) return <Outlet />;
  if (supplier.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('suppliers.loading')} />
      </Center>
    );
  }
  // A failed load is the dashboard's to explain; the server still refuses an unapproved supplier.
  if (supplier.data && !supplier.data.isApproved) return <PendingApproval supplier={supplier.data} />;
  return <Outlet />;
}
