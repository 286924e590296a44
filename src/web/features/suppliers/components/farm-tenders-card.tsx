// The farm store's side of tendering (decision 021): approved suppliers' active offers, a tender
// opened on one (farm quote, market quote, notes) and the tenders with their answers.
import { Button, Card, Group, Modal, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { centsToDecimal, parseRand } from '../../../../shared/money.ts';
import type { MarketOffer } from '../../../../shared/suppliers.ts';
import { certificationLabels, supplierMessages as m } from '../../../../shared/suppliers-labels.ts';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { QueryList } from '../../../components/list-states.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { crates } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useMarketOffers } from '../api/get-market-offers.ts';
import { useTenders } from '../api/get-tenders.ts';
import { useOpenTender } from '../api/open-tender.ts';
import { StatusPill } from './status-pill.tsx';
import { TenderCard } from './tenders-panel.tsx';

export const OPEN_TENDER_FAILED = 'Failed to open tender';

// Long: the tenders card's layout: the list, its states and the form it opens.
export function FarmTendersCard() {
  const offers = useMarketOffers();
  const tenders = useTenders();
  const [tendering, setTendering] = useState<MarketOffer | null>(null);
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="supplier-offers-title">
      <Title order={2} size="h4" id="supplier-offers-title" mb="sm">
        Supplier Offers and Tenders
      </Title>
      <QueryList
        query={offers}
        skeletonHeight={60}
        failed="We could not load supplier offers. Retrying…"
        empty="No active offers from approved suppliers."
      >
        {(rows) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {rows.map((o) => (
              <Card key={o.id} withBorder radius="md" p="md" data-testid="market-offer">
                <Text fw={700}>{o.produceName}</Text>
                <Text size="sm" c="dimmed">
                  {o.businessName} · {o.farmLocation} · {certificationLabels[o.certificationType]}
                </Text>
                <Text size="sm">
                  {o.produceType} · {o.quality} · {crates(o.quantityCrates)}
                  {o.unitWeight ? ` of ${o.unitWeight}` : ''}
                </Text>
                <Group mt="sm">
                  {o.hasOpenTender && <StatusPill tone="waiting">Tender open</StatusPill>}
                  {o.canOpenTender && (
                    <Button
                      size="xs"
                      onClick={() => setTendering(o)}
                      aria-label={`Open tender on ${o.produceName} from ${o.businessName}`}
                    >
                      Open Tender
                    </Button>
                  )}
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </QueryList>
      {tenders.data && tenders.data.length > 0 && (
        <>
          <Title order={3} size="h5" mt="lg" mb="sm">
            Tenders
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {tenders.data.slice(0, 12).map((t) => (
              <TenderCard key={t.id} tender={t} />
            ))}
          </SimpleGrid>
        </>
      )}
      <Modal opened={tendering !== null} onClose={() => setTendering(null)} title="Open Tender">
        {tendering && <TenderForm offer={tendering} onDone={() => setTendering(null)} />}
      </Modal>
    </Card>
  );
}

/** A typed rand amount as the API's decimal string, or null when it is not a positive amount. */
function amountOf(typed: string): string | null {
  const cents = parseRand(typed);
  return cents !== null && cents > 0 && cents < 1e12 ? centsToDecimal(cents) : null;
}

function TenderForm({ offer, onDone }: { offer: MarketOffer; onDone: () => void }) {
  const open = useOpenTender();
  const form = useForm({
    initialValues: { farmQuote: '', marketQuote: '', notes: '' },
    validate: {
      farmQuote: (v) => (amountOf(v) ? null : m.amount),
      marketQuote: (v) => (v.trim() === '' || amountOf(v) ? null : m.amount),
      notes: (v) => (v.length > 1000 ? 'Notes can be at most 1000 characters' : null),
    },
  });
  const submit = form.onSubmit((values) =>
    open.mutate(
      {
        offerId: offer.id,
        farmQuote: amountOf(values.farmQuote)!,
        marketQuote: values.marketQuote.trim() ? amountOf(values.marketQuote)! : undefined,
        notes: values.notes,
      },
      {
        onSuccess: () => {
          notifySuccess(`Tender sent to ${offer.businessName}`);
          onDone();
        },
        onError: (error) => notifyError(errorMessage(error, OPEN_TENDER_FAILED)),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Open tender">
      <Stack>
        <Text size="sm">
          {offer.produceName} from {offer.businessName}: {crates(offer.quantityCrates)}
        </Text>
        <MoneyInput
          label="Farm quote (R)"
          description="The price the farm offers for this lot"
          withAsterisk
          {...form.getInputProps('farmQuote')}
        />
        <MoneyInput
          label="Market quote (R)"
          description="Optional: what the market pays, for comparison"
          {...form.getInputProps('marketQuote')}
        />
        <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
        <FormError error={open.isError ? open.error : null} fallback={OPEN_TENDER_FAILED} />
        <FormActions onCancel={onDone} submitLabel={'Send Tender'} loading={open.isPending} />
      </Stack>
    </form>
  );
}
