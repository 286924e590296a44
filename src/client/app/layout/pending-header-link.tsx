// The pending-transmissions count on the header: on a phone the sidebar and its badge are
// folded behind the menu, so the count of deliveries waiting to be counted shows here as well, as a
// thumb-sized link to the Transmissions screen. Nothing shows while nothing is pending.
import { Button } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePendingTransmissionCount } from '../../features/transmissions/api/pending-count.ts';
import { plural } from '../../lib/format.ts';
import { paths } from '../paths.ts';

export function PendingHeaderLink() {
  const pending = usePendingTransmissionCount();
  if (pending === 0) return null;
  return (
    <Button
      component={Link}
      to={paths.transmissions.href()}
      color="red.9"
      variant="filled"
      h={44}
      miw={44}
      px="sm"
      leftSection={<IconTruckDelivery size={20} aria-hidden />}
      aria-label={`${pending} pending ${plural(pending, 'transmission')}`}
      data-testid="header-pending-count"
    >
      {pending}
    </Button>
  );
}
