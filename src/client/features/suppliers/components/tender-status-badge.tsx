// A tender's status (spec §3: anything but accepted or rejected reads as pending).
import { Badge } from '@mantine/core';
import type { TenderStatus } from '../../../../shared/suppliers.ts';

const look: Record<TenderStatus, { color: string; label: string }> = {
  pending: { color: 'yellow', label: 'Pending' },
  accepted: { color: 'green', label: 'Accepted' },
  rejected: { color: 'red', label: 'Rejected' },
};

export function TenderStatusBadge({ status }: { status: TenderStatus }) {
  const { color, label } = look[status] ?? look.pending;
  return <Badge color={color}>{label}</Badge>;
}
