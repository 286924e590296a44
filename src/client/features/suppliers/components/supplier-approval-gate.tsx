// Spec §2 and issue 14: an unapproved supplier sees only 'Account Pending Approval' — on every
// signed-in route, not just the dashboard (its transmissions and other screens are refused by the
// server anyway). Everyone else, and an approved supplier, gets the route as usual. The screen turns
// into the app by itself when the approval's 'suppliers' change arrives.
import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { useUser } from '../../../lib/current-user.tsx';
import { mySupplierQueryOptions } from '../api/get-my-supplier.ts';
import { PendingApproval } from './pending-approval.tsx';

export function SupplierApprovalGate() {
  const user = useUser();
  const isSupplier = user.role === 'supplier';
  const supplier = useQuery({ ...mySupplierQueryOptions(), enabled: isSupplier });
  if (!isSupplier) return <Outlet />;
  if (supplier.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  // A failed load is the dashboard's to explain; the server still refuses an unapproved supplier.
  if (supplier.data && !supplier.data.isApproved) return <PendingApproval supplier={supplier.data} />;
  return <Outlet />;
}
