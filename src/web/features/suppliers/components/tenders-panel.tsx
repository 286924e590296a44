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
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type TenderAnswer, useAnswerTender } from '../api/answer-tender.ts';
import { useMyTenders } from '../api/get-my-tenders.ts';
import { TenderStatusBadge } from './tender-status-badge.tsx';

/** Accepting or rejecting a tender is final (decision 039): the dialog says for how much and what. */
function AnswerTenderDialog({
  tender,
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
  const t = useT();
  const amount = formatRandDecimal(tender.farmQuote);
  const lot = t('suppliers.lot', {
    crates: crates(tender.quantityCrates),
    produce: tender.produceName,
    business: tender.businessName,
  });
  return (
    <ConfirmDialog
      title={t(how === 'accept' ? 'suppliers.acceptTenderTitle' : 'suppliers.rejectTenderTitle')}
      confirmLabel={t(how === 'accept' ? 'suppliers.acceptTenderFor' : 'suppliers.rejectTenderFor', { amount })}
      destructive={how === 'reject'}
      loading={loading}
      onConfirm={onConfirm}
      onClose={onClose}
      error={<FormError error={error} fallback={t('suppliers.answerTenderFailed')} />}
    >
      <Text fw={600}>
        {t(how === 'accept' ? 'suppliers.acceptQuestion' : 'suppliers.turnDownQuestion', { lot, amount })}
      </Text>
      <Text size="sm">
        {how === 'accept' ? t('suppliers.acceptEffect', { amount }) : t('suppliers.rejectTenderEffect')}
      </Text>
    </ConfirmDialog>
  );
}

// Long: the supplier's tenders layout: open tenders with their answers, then the answered ones.
export function TendersPanel() {
  const t = useT();
  const tenders = useMyTenders();
  const answer = useAnswerTender();
  const [confirming, setConfirming] = useState<{ tender: Tender; how: TenderAnswer } | null>(null);
  const respond = (tender: Tender, how: TenderAnswer) =>
    answer.mutate(
      { id: tender.id, answer: how },
      {
        onSuccess: () => {
          notifySuccess(t(how === 'accept' ? 'suppliers.tenderAccepted' : 'suppliers.tenderRejected'));
          setConfirming(null);
        },
        onError: (error) => notifyError(errorMessage(error, t('suppliers.answerTenderFailed'))),
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
  if (tenders.isError) return <Text c="red">{t('suppliers.myTendersFailed')}</Text>;
  const open = tenders.data.filter((tender) => tender.status === 'pending');
  const answered = tenders.data.filter((tender) => tender.status !== 'pending');
  return (
    <Stack>
      <Title order={2} size="h4">
        {t('suppliers.openTendersTitle')}
      </Title>
      {open.length === 0 && (
        <Card withBorder radius="md" p="lg">
          <Text c="dimmed">{t('suppliers.openTendersEmpty')}</Text>
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {open.map((tender) => (
          <TenderCard key={tender.id} tender={tender}>
            {tender.canAnswer && (
              <Group gap="xs" mt="sm">
                <Button
                  color="green"
                  size="xs"
                  disabled={answer.isPending && answer.variables?.id === tender.id}
                  onClick={() => setConfirming({ tender, how: 'accept' })}
                >
                  {t('suppliers.accept')}
                </Button>
                <Button
                  {...destructiveButton}
                  size="xs"
                  disabled={answer.isPending && answer.variables?.id === tender.id}
                  onClick={() => setConfirming({ tender, how: 'reject' })}
                >
                  {t('suppliers.reject')}
                </Button>
              </Group>
            )}
          </TenderCard>
        ))}
      </SimpleGrid>
      {answered.length > 0 && (
        <>
          <Title order={3} size="h5" mt="md">
            {t('suppliers.answeredTenders')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {answered.map((tender) => (
              <TenderCard key={tender.id} tender={tender} />
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

export function TenderCard({ tender, children }: { tender: Tender; children?: React.ReactNode }) {
  const t = useT();
  return (
    <Card withBorder radius="md" p="md" data-testid="tender-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={700}>{tender.produceName}</Text>
          <Text size="sm" c="dimmed">
            {tender.businessName} · {crates(tender.quantityCrates)} · {fromNow(tender.createdAt)}
          </Text>
        </div>
        <TenderStatusBadge status={tender.status} />
      </Group>
      <Group gap="lg" mt="xs">
        <Quote label={t('suppliers.farmQuote')} amount={tender.farmQuote} strong />
        {tender.marketQuote && <Quote label={t('suppliers.marketQuote')} amount={tender.marketQuote} />}
        {tender.finalPrice && <Quote label={t('suppliers.finalPrice')} amount={tender.finalPrice} strong />}
      </Group>
      {tender.notes && (
        <Text size="sm" c="dimmed" mt="xs" style={{ overflowWrap: 'anywhere' }}>
          {tender.notes}
        </Text>
      )}
      {children}
    </Card>
  );
}
