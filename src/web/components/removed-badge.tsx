// 'Removed' on anyone the farm store removed (decisions 022 and 039), wherever they are still listed:
// User Management, the Market Agents cards, billing's agent rows. Never 'Active'.
import { Badge } from '@mantine/core';

export function RemovedBadge() {
  return (
    <Badge color="gray.8" variant="filled" autoContrast>
      Removed
    </Badge>
  );
}
