// 'Transmission History' (spec §2): skeleton while loading, 'No transmissions found' when empty,
// newest first, older pages with "Load more" (?before=).
import { Button, Card, Center, Title } from '@mantine/core';
import { useTransmissions } from '../api/get-transmissions.ts';
import { TransmissionList } from './transmission-list.tsx';

export function TransmissionHistory({ role }: { role: string }) {
  const history = useTransmissions(role);
  const transmissions = history.data?.pages.flat();
  return (
    <Card withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="sm">
        Transmission History
      </Title>
      <TransmissionList transmissions={transmissions} isPending={history.isPending} />
      {history.hasNextPage && (
        <Center mt="md">
          <Button variant="light" onClick={() => history.fetchNextPage()} loading={history.isFetchingNextPage}>
            Load more
          </Button>
        </Center>
      )}
    </Card>
  );
}
