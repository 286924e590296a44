// A billing cycle's status by the farm's calendar (DESIGN §5): Upcoming, 'Active Cycle' and
// 'Completed Cycle' as the spec writes them, and Paid once payments cover everything it owed.
import { Badge } from '@mantine/core';
import type { CycleStatus } from '../../../../shared/billing-labels.ts';
import { useT } from '../../../lib/i18n/use-t.ts';

/** Each status's catalogue key. */
export const cycleStatusKeys: Record<CycleStatus, string> = {
  upcoming: 'billing.statusUpcoming',
  active: 'billing.activeBadge',
  completed: 'billing.completedBadge',
  paid: 'billing.statusPaid',
};

const colors: Record<CycleStatus, string> = { upcoming: 'blue', active: 'green', completed: 'gray', paid: 'green' };

/**
 * True once the cycle's end date has passed (completed or paid), for what the screens show: paid and owed
 * figures. Whether a payment may be recorded is the server's answer (`canRecordPayment`), not this.
 */
export const cycleEnded = (status: CycleStatus) => status === 'completed' || status === 'paid';

export function CycleStatusBadge({ status, size }: { status: CycleStatus; size?: 'sm' | 'md' }) {
  const t = useT();
  // Paid is filled so it reads as settled beside the light 'Completed Cycle'.
  return (
    <Badge
      color={colors[status]}
      variant={status === 'paid' ? 'filled' : 'light'}
      size={size}
      autoContrast
      data-testid="cycle-status"
    >
      {t(cycleStatusKeys[status])}
    </Badge>
  );
}
