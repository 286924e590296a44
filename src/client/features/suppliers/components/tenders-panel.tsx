// Open Tenders: the farm's tenders on the supplier's offers; a pending one is accepted (final price =
// the farm's quote) or rejected, once.
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatRandDecimal } from '../../../../shared/money.ts';
import type { Tender } from '../../../../shared/suppliers.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { crates, fromNow } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type TenderAnswer, useAnswerTender } from '../api/answer-tender.ts';
import { useMyTenders } from '../api/get-my-tenders.ts';
import { TenderStatusBadge } from './tender-status-badge.tsx';

export const ANSWER_TENDER_FAILED = 'Failed to answer tender';

// Long: the supplier's tenders layout: open tenders with their answers, then the answered ones.
export function TendersPanel() {
  const tenders = useMyTenders();
  const answer = useAnswerTender();
  const respond = (tender: Tender, how: TenderAnswer) =>
    answer.mutate(
      { id: tender.id, answer: how },
      {
        onSuccess: () => notifySuccess(how === 'accept' ? 'Tender accepted' : 'Tender rejected'),
        onError: (error) => notifyError(errorMessage(error, ANSWER_TENDER_FAILED)),
      },
    );

  if (tenders.isPending) return <Skeleton height={120} radius="md" />;
  if (tenders.isError) return <Text c="red">We could not load your tenders. Retrying…</Text>;
  const open = tenders.data.filter((t) => t.status === 'pending');
  const answered = tenders.data.filter((t) => t.status !== 'pending');
  return (
    <Stack>
      <Title order={2} size="h4">
        Open Tenders
      </Title>
      {open.length === 0 && (
        <Card withBorder radius="md" p="lg">
          <Text c="dimmed">No open tenders. The farm store opens tenders on your active offers.</Text>
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {open.map((t) => (
          <TenderCard key={t.id} tender={t}>
            {t.canAnswer && (
              <Group gap="xs" mt="sm">
                <Button
                  color="green"
                  size="xs"
                  loading={answer.isPending && answer.variables?.id === t.id && answer.variables.answer === 'accept'}
                  disabled={answer.isPending && answer.variables?.id === t.id}
                  onClick={() => respond(t, 'accept')}
                >
                  Accept
                </Button>
                <Button
                  color="red"
                  variant="light"
                  size="xs"
                  loading={answer.isPending && answer.variables?.id === t.id && answer.variables.answer === 'reject'}
                  disabled={answer.isPending && answer.variables?.id === t.id}
                  onClick={() => respond(t, 'reject')}
                >
                  Reject
                </Button>
              </Group>
            )}
          </TenderCard>
        ))}
      </SimpleGrid>
      {answered.length > 0 && (
        <>
          <Title order={3} size="h5" mt="md">
            Answered tenders
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {answered.map((t) => (
              <TenderCard key={t.id} tender={t} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

export function TenderCard({ tender: t, children }: { tender: Tender; children?: React.ReactNode }) {
  return (
    <Card withBorder radius="md" p="md" data-testid="tender-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={700}>{t.produceName}</Text>
          <Text size="sm" c="dimmed">
            {t.businessName} · {crates(t.quantityCrates)} · {fromNow(t.createdAt)}
          </Text>
        </div>
        <TenderStatusBadge status={t.status} />
      </Group>
      <Group gap="lg" mt="xs">
        <div>
          <Text size="xs" c="dimmed">
            Farm quote
          </Text>
          <Text fw={700}>{formatRandDecimal(t.farmQuote)}</Text>
        </div>
        {t.marketQuote && (
          <div>
            <Text size="xs" c="dimmed">
              Market quote
            </Text>
            <Text>{formatRandDecimal(t.marketQuote)}</Text>
          </div>
        )}
        {t.finalPrice && (
          <div>
            <Text size="xs" c="dimmed">
              Final price
            </Text>
            <Text fw={700}>{formatRandDecimal(t.finalPrice)}</Text>
          </div>
        )}
      </Group>
      {t.notes && (
        <Text size="sm" c="dimmed" mt="xs" style={{ overflowWrap: 'anywhere' }}>
          {t.notes}
        </Text>
      )}
      {children}
    </Card>
  );
}
