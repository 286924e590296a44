// The farm store's side of tendering (decision 021): approved suppliers' active offers, a tender
// opened on one (farm quote, market quote, notes) and the tenders with their answers.
import { Button, Card, Group, Modal, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { centsToDecimal, parseRand } from '../../../../shared/money.ts';
import type { MarketOffer } from '../../../../shared/suppliers.ts';
import { certificationKeys } from '../../../../shared/suppliers-labels.ts';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { QueryList } from '../../../components/list-states.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { crates } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useMarketOffers } from '../api/get-market-offers.ts';
import { useTenders } from '../api/get-tenders.ts';
import { useOpenTender } from '../api/open-tender.ts';
import { StatusPill } from './status-pill.tsx';
import { TenderCard } from './tenders-panel.tsx';

// Long: the tenders card's layout: the list, its states and the form it opens.
export function FarmTendersCard() {
  const t = useT();
  const offers = useMarketOffers();
  const tenders = useTenders();
  const [tendering, setTendering] = useState<MarketOffer | null>(null);
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="supplier-offers-title">
      <Title order={2} size="h4" id="supplier-offers-title" mb="sm">
        {t('suppliers.offersAndTenders')}
      </Title>
      <QueryList
        query={offers}
        skeletonHeight={60}
        failed={t('suppliers.marketOffersFailed')}
        empty={t('suppliers.marketOffersEmpty')}
      >
        {(rows) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {rows.map((o) => (
              <Card key={o.id} withBorder radius="md" p="md" data-testid="market-offer">
                <Text fw={700}>{o.produceName}</Text>
                <Text size="sm" c="dimmed">
                  {o.businessName} · {o.farmLocation} · {t(certificationKeys[o.certificationType])}
                </Text>
                <Text size="sm">
                  {o.produceType} · {o.quality} · {crates(o.quantityCrates)}
                  {o.unitWeight ? ` ${t('suppliers.ofWeight', { weight: o.unitWeight })}` : ''}
                </Text>
                <Group mt="sm">
                  {o.hasOpenTender && <StatusPill tone="waiting">{t('suppliers.tenderOpen')}</StatusPill>}
                  {o.canOpenTender && (
                    <Button
                      size="xs"
                      onClick={() => setTendering(o)}
                      aria-label={t('suppliers.openTenderOn', { produce: o.produceName, business: o.businessName })}
                    >
                      {t('suppliers.openTenderButton')}
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
            {t('suppliers.tenders')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {tenders.data.slice(0, 12).map((tender) => (
              <TenderCard key={tender.id} tender={tender} />
            ))}
          </SimpleGrid>
        </>
      )}
      <Modal opened={tendering !== null} onClose={() => setTendering(null)} title={t('suppliers.openTenderButton')}>
        {tendering && <TenderForm offer={tendering} onDone={() => setTendering(null)} />}
      </Modal>
    </Card>
  );
}

/** A typed rand amount as the API's decimal string, or null when it is not a positive amount. */
function amountOf(typed: string): string | null {
  const cents = parseRand(typed);
  return cents !== null && 0 < cents && cents < 1e12 ? centsToDecimal(cents) : null;
}

function TenderForm({ offer, onDone }: { offer: MarketOffer; onDone: () => void }) {
  const t = useT();
  const open = useOpenTender();
  const form = useForm({
    initialValues: { farmQuote: '', marketQuote: '', notes: '' },
    validate: {
      farmQuote: (v) => (amountOf(v) ? null : t('suppliers.amount')),
      marketQuote: (v) => (v.trim() === '' || amountOf(v) ? null : t('suppliers.amount')),
      notes: (v) => (v.length > 1000 ? t('suppliers.notesTooLong') : null),
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
          notifySuccess(t('suppliers.tenderSent', { business: offer.businessName }));
          onDone();
        },
        onError: (error) => notifyError(errorMessage(error, t('suppliers.openTenderFailed'))),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('suppliers.openTenderForm')}>
      <Stack>
        <Text size="sm">
          {t('suppliers.offerSummary', {
            produce: offer.produceName,
            business: offer.businessName,
            crates: crates(offer.quantityCrates),
          })}
        </Text>
        <MoneyInput
          label={t('suppliers.farmQuoteRand')}
          description={t('suppliers.farmQuoteHint')}
          withAsterisk
          {...form.getInputProps('farmQuote')}
        />
        <MoneyInput
          label={t('suppliers.marketQuoteRand')}
          description={t('suppliers.marketQuoteHint')}
          {...form.getInputProps('marketQuote')}
        />
        <Textarea label={t('suppliers.notes')} autosize minRows={2} {...form.getInputProps('notes')} />
        <FormError error={open.isError ? open.error : null} fallback={t('suppliers.openTenderFailed')} />
        <FormActions onCancel={onDone} submitLabel={t('suppliers.sendTender')} loading={open.isPending} />
      </Stack>
    </form>
  );
}
