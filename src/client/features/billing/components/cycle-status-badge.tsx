// A billing cycle's status by the farm's calendar (DESIGN §5): Upcoming, 'Active Cycle' and
// 'Completed Cycle' as the spec writes them, and Paid once payments cover everything it owed.
import { Badge } from '@mantine/core';
import { type CycleStatus, billingMessages as m } from '../../../../shared/billing.ts';

export const cycleStatusLabels: Record<CycleStatus, string> = {
  upcoming: 'Upcoming',
  active: m.activeBadge,
  completed: m.completedBadge,
  paid: 'Paid',
};

const colors: Record<CycleStatus, string> = { upcoming: 'blue', active: 'green', completed: 'gray', paid: 'green' };

/** True once the cycle's end date has passed: only then can its payout be recorded as paid. */
export const cycleEnded = (status: CycleStatus) => status === 'completed' || status === 'paid';

export function CycleStatusBadge({ status, size }: { status: CycleStatus; size?: 'sm' | 'md' }) {
  // Paid is filled so it reads as settled beside the light 'Completed Cycle'.
  return (
    <Badge
      color={colors[status]}
      variant={status === 'paid' ? 'filled' : 'light'}
      size={size}
      autoContrast
      data-testid="cycle-status"
    >
      {cycleStatusLabels[status]}
    </Badge>
  );
}
