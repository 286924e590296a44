// Open Tenders: the farm's tenders on the supplier's offers; a pending one is accepted (final price =
// the farm's quote) or rejected, once, after a confirmation that names the amount and the lot (decision 039).
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatRandDecimal } from '../../../../shared/money.ts';
import type { Tender } from '../../../../shared/suppliers.ts';
import { ConfirmDialog, destructiveButton } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { crates, fromNow } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type TenderAnswer, useAnswerTender } from '../api/answer-tender.ts';
import { useMyTenders } from '../api/get-my-tenders.ts';
import { TenderStatusBadge } from './tender-status-badge.tsx';

export const ANSWER_TENDER_FAILED = 'Failed to answer tender';

/** Accepting or rejecting a tender is final (decision 039): the dialog says for how much and what. */
function AnswerTenderDialog({
  tender: t,
  how,
  loading,
  error,
  onConfirm,
  onClose,
}: {
  tender: Tender;
  how: TenderAnswer;
  loading: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const amount = formatRandDecimal(t.farmQuote);
  const lot = `${crates(t.quantityCrates)} of ${t.produceName} from ${t.businessName}`;
  return (
    <ConfirmDialog
      title={how === 'accept' ? 'Accept tender' : 'Reject tender'}
      confirmLabel={how === 'accept' ? `Accept tender for ${amount}` : `Reject tender for ${amount}`}
      destructive={how === 'reject'}
      loading={loading}
      onConfirm={onConfirm}
      onClose={onClose}
      error={<FormError error={error} fallback={ANSWER_TENDER_FAILED} />}
    >
      <Text fw={600}>
        {how === 'accept' ? `Sell ${lot} to the farm for ${amount}?` : `Turn down the farm's ${amount} for ${lot}?`}
      </Text>
      <Text size="sm">
        {how === 'accept'
          ? `The final price is set to ${amount} and the tender closes. An accepted tender cannot be changed or withdrawn.`
          : 'The tender closes and cannot be accepted afterwards; the farm can open a new tender on this offer.'}
      </Text>
    </ConfirmDialog>
  );
}

// Long: the supplier's tenders layout: open tenders with their answers, then the answered ones.
export function TendersPanel() {
  const tenders = useMyTenders();
  const answer = useAnswerTender();
  const [confirming, setConfirming] = useState<{ tender: Tender; how: TenderAnswer } | null>(null);
  const respond = (tender: Tender, how: TenderAnswer) =>
    answer.mutate(
      { id: tender.id, answer: how },
      {
        onSuccess: () => {
          notifySuccess(how === 'accept' ? 'Tender accepted' : 'Tender rejected');
          setConfirming(null);
        },
        onError: (error) => notifyError(errorMessage(error, ANSWER_TENDER_FAILED)),
      },
    );
  const dialog = confirming && (
    <AnswerTenderDialog
      {...confirming}
      loading={answer.isPending}
      error={answer.error}
      onConfirm={() => respond(confirming.tender, confirming.how)}
      onClose={() => {
        setConfirming(null);
        answer.reset();
      }}
    />
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
                  disabled={answer.isPending && answer.variables?.id === t.id}
                  onClick={() => setConfirming({ tender: t, how: 'accept' })}
                >
                  Accept
                </Button>
                <Button
                  {...destructiveButton}
                  size="xs"
                  disabled={answer.isPending && answer.variables?.id === t.id}
                  onClick={() => setConfirming({ tender: t, how: 'reject' })}
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
      {dialog}
    </Stack>
  );
}

/** A price on a tender card: its name small above it; the farm's quote and the final price in bold. */
function Quote({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : undefined}>{formatRandDecimal(amount)}</Text>
    </div>
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
        <Quote label="Farm quote" amount={t.farmQuote} strong />
        {t.marketQuote && <Quote label="Market quote" amount={t.marketQuote} />}
        {t.finalPrice && <Quote label="Final price" amount={t.finalPrice} strong />}
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
