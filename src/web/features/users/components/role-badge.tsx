// The role of a managed user as a badge: 'Market Agent' or 'Supplier' (spec §2).
import { Badge } from '@mantine/core';
import { roleKeys } from '../../../../shared/auth-labels.ts';
import type { ManagedRole } from '../../../../shared/users.ts';
import { useT } from '../../../lib/i18n/use-t.ts';

// Filled dark tints: white text on them passes WCAG contrast.
const colors: Record<ManagedRole, string> = { market_agent: 'blue.8', supplier: 'teal.9' };

export function RoleBadge({ role }: { role: ManagedRole }) {
  const t = useT();
  return (
    <Badge color={colors[role]} variant="filled" autoContrast>
      {t(roleKeys[role])}
    </Badge>
  );
}
