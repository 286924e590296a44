// What waits for the signed-in user, on the header: on a phone the sidebar and its badge are folded
// behind the menu, so the count of deliveries waiting to be counted shows here as well, as a
// thumb-sized link. A market agent's waiting stock take counts too (decision 067): the link then opens
// the dashboard, whose jobs row has both. Nothing shows while nothing waits.
import { Button } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { Link } from 'react-router';
import { userHasPermission } from '../../../shared/permissions.ts';
import { useCurrentStockTake } from '../../features/stock-takes/api/stock-takes.ts';
import { usePendingTransmissionCount } from '../../features/transmissions/api/pending-count.ts';
import { useUser } from '../../lib/current-user.tsx';
import { t as translate } from '../../lib/i18n/language.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { paths } from '../paths.ts';

/** "3 waiting: 2 pending transmissions and a stock take to count"; it starts with the number it shows. */
export function waitingLabel(pending: number, stockTake: boolean, t = translate): string {
  const deliveries = t('app.pendingTransmissions', { count: pending });
  if (!stockTake) return deliveries;
  const total = pending + 1;
  return pending === 0 ? t('app.waitingStockTake', { total }) : t('app.waitingBoth', { total, deliveries });
}

export function PendingHeaderLink() {
  const t = useT();
  const pending = usePendingTransmissionCount();
  const counts = userHasPermission(useUser(), 'submit:stock-take:own');
  const stockTake = useCurrentStockTake(counts).data?.count?.status === 'open';
  const waiting = pending + (stockTake ? 1 : 0);
  if (waiting === 0) return null;
  return (
    <Button
      component={Link}
      to={stockTake ? paths.dashboard.href() : paths.transmissions.href()}
      color="red.9"
      variant="filled"
      h={44}
      miw={44}
      // Its number stays whole on a phone; the logo gives way first (decision 067).
      style={{ flexShrink: 0 }}
      px="sm"
      leftSection={<IconTruckDelivery size={20} aria-hidden />}
      aria-label={waitingLabel(pending, stockTake, t)}
      data-testid="header-pending-count"
    >
      {waiting}
    </Button>
  );
}
