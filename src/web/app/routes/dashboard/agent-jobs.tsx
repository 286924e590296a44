// The market agent's main jobs, named in the farm's words at the top of its dashboard
// (decision 044): each opens the screen where it is done. Drawn at its final size at once (no figures
// that arrive later), so nothing below it moves.
import { Button, SimpleGrid, Text } from '@mantine/core';
import { IconArrowBackUp, IconClipboardList, IconInbox, IconTruckReturn, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCurrentStockTake } from '../../../features/stock-takes/api/stock-takes.ts';
import { useIncomingTransmissions } from '../../../features/transmissions/api/get-incoming-transmissions.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { paths } from '../../paths.ts';

function Job({ to, icon, children, note }: { to: string; icon: ReactNode; children: string; note?: string }) {
  return (
    <Button
      component={Link}
      to={to}
      variant="light"
      color="green"
      h="auto"
      mih={56}
      py="xs"
      px="sm"
      justify="flex-start"
      leftSection={icon}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'left', display: 'block' } }}
    >
      {children}
      {note && (
        <Text component="span" display="block" size="xs" fw={800}>
          {note}
        </Text>
      )}
    </Button>
  );
}

export function AgentJobs() {
  const t = useT();
  const waiting = useIncomingTransmissions('market_agent').data?.length ?? 0;
  // A stock take the farm store started and this agent has not sent yet is announced here (decision 061);
  // its count form is at the top of Clients.
  const stockTake = useCurrentStockTake().data?.count;
  return (
    <nav aria-label={t('app.yourJobs')}>
      {stockTake?.status === 'open' && (
        <SimpleGrid cols={1} mb="sm">
          <Job
            to={paths.clients.href()}
            icon={<IconClipboardList size={20} aria-hidden />}
            note={t('app.stockTakeAsks')}
          >
            {t('app.stockTakeWaiting')}
          </Job>
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Job
          to={paths.transmissions.href('incoming')}
          icon={<IconInbox size={20} aria-hidden />}
          note={waiting > 0 ? t('app.toCount', { count: waiting }) : undefined}
        >
          {t('app.incomingDeliveries')}
        </Job>
        <Job to={paths.clients.href()} icon={<IconUsersGroup size={20} aria-hidden />}>
          {t('app.lendCrates')}
        </Job>
        <Job to={paths.clients.href()} icon={<IconArrowBackUp size={20} aria-hidden />}>
          {t('app.takeCratesBack')}
        </Job>
        <Job to={paths.transmissions.href('send-empties')} icon={<IconTruckReturn size={20} aria-hidden />}>
          {t('app.sendEmpties')}
        </Job>
      </SimpleGrid>
    </nav>
  );
}
