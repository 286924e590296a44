// 'Removed' on anyone the farm store removed (decisions 022 and 039), wherever they are still listed:
// User Management, the Market Agents cards, billing's agent rows. Never 'Active'.
import { Badge } from '@mantine/core';
import { useT } from '../lib/i18n/use-t.ts';

export function RemovedBadge() {
  const t = useT();
  return (
    <Badge color="gray.8" variant="filled" autoContrast>
      {t('components.removed')}
    </Badge>
  );
}
