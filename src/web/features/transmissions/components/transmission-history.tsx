// 'Transmission History' (spec §2): skeleton while loading, 'No transmissions found' when empty,
// newest first, older pages with "Load more" (?before=).
import { Button, Card, Center, Title } from '@mantine/core';
import type { Role } from '../../../../shared/auth.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useTransmissions } from '../api/get-transmissions.ts';
import { TransmissionList } from './transmission-list.tsx';

/** The signed-in user's history; a transmission the server says they may recall offers "Recall". */
export function TransmissionHistory({ user }: { user: { role: Role } }) {
  const t = useT();
  const history = useTransmissions(user.role);
  const transmissions = history.data?.pages.flat();
  return (
    <Card withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="sm">
        {t('transmissions.historyTitle')}
      </Title>
      <TransmissionList transmissions={transmissions} isPending={history.isPending} offerRecall />
      {history.hasNextPage && (
        <Center mt="md">
          <Button variant="light" onClick={() => history.fetchNextPage()} loading={history.isFetchingNextPage}>
            {t('transmissions.loadMore')}
          </Button>
        </Center>
      )}
    </Card>
  );
}
