// My Offers: the supplier's produce offers, created and edited in one dialog, deactivated in place. The
// produce type and quality are chosen from the farm's lists, or Other with a note (decision 068).
import {
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useState } from 'react';
import {
  choiceFor,
  chosenValue,
  DEFAULT_PRODUCE_TYPES,
  DEFAULT_QUALITIES,
  OTHER_CHOICE,
  type ProduceLists,
} from '../../../../shared/produce-lists.ts';
import { createOfferBody, MAX_OFFER_CRATES, type ProduceOffer } from '../../../../shared/suppliers.ts';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { QueryList } from '../../../components/list-states.tsx';
import { CountInput } from '../../../components/quantity-input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { crates } from '../../../lib/format.ts';
import { translatedResolver } from '../../../lib/i18n/form.ts';
import { t as translate } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useMyOffers } from '../api/get-my-offers.ts';
import { useProduceLists } from '../api/produce-lists.ts';
import { useCreateOffer, useUpdateOffer } from '../api/save-offer.ts';
import { StatusPill } from './status-pill.tsx';

// Long: the offers panel's layout: my offers, the market's offers, and the form it opens.
export function OffersPanel() {
  const t = useT();
  const offers = useMyOffers();
  const update = useUpdateOffer();
  const [editing, setEditing] = useState<ProduceOffer | 'new' | null>(null);

  const setActive = (offer: ProduceOffer, isActive: boolean) =>
    update.mutate(
      { id: offer.id, isActive },
      {
        onSuccess: () => notifySuccess(t(isActive ? 'suppliers.offerReactivated' : 'suppliers.offerDeactivated')),
        onError: (error) => notifyError(errorMessage(error, t('suppliers.saveOfferFailed'))),
      },
    );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('suppliers.myOffers')}
        </Title>
        <Button onClick={() => setEditing('new')}>{t('suppliers.newOfferButton')}</Button>
      </Group>
      <QueryList
        query={offers}
        skeletonHeight={120}
        skeletonRadius="md"
        failed={t('suppliers.myOffersFailed')}
        empty={
          <Card withBorder radius="md" p="lg">
            <Text c="dimmed">{t('suppliers.myOffersEmpty')}</Text>
          </Card>
        }
      >
        {(rows) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {rows.map((offer) => (
              <Card key={offer.id} withBorder radius="md" p="md" data-testid="offer-card">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Text fw={700}>{offer.produceName}</Text>
                    <Text size="sm" c="dimmed">
                      {offer.produceType} · {offer.quality}
                    </Text>
                  </div>
                  <StatusPill tone={offer.isActive ? 'done' : 'closed'}>
                    {t(offer.isActive ? 'suppliers.active' : 'suppliers.inactive')}
                  </StatusPill>
                </Group>
                <Text size="sm" mt="xs">
                  {crates(offer.quantityCrates)}
                  {offer.unitWeight ? ` ${t('suppliers.ofWeight', { weight: offer.unitWeight })}` : ''}
                </Text>
                {offer.description && (
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {offer.description}
                  </Text>
                )}
                <Group mt="sm" gap="xs">
                  <Button variant="default" size="xs" onClick={() => setEditing(offer)}>
                    {t('suppliers.edit')}
                  </Button>
                  <Button
                    variant="light"
                    color={offer.isActive ? 'red' : 'green'}
                    size="xs"
                    loading={update.isPending && update.variables?.id === offer.id}
                    onClick={() => setActive(offer, !offer.isActive)}
                  >
                    {t(offer.isActive ? 'suppliers.deactivate' : 'suppliers.reactivate')}
                  </Button>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </QueryList>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing === 'new' ? 'suppliers.newOfferTitle' : 'suppliers.editOfferTitle')}
      >
        {editing !== null && <OfferForm offer={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}

type OfferValues = {
  produceName: string;
  /** The chosen entry of the farm's list, or Other (then the note is what is sent). */
  produceType: string;
  produceTypeNote: string;
  quality: string;
  qualityNote: string;
  quantityCrates: number | string;
  unitWeight: string;
  description: string;
};

const chosenFields = [
  ['produceType', 'produceTypeNote'],
  ['quality', 'qualityNote'],
] as const;

/** What the offer sends: the spec's produceType and quality strings (with Other, the note as typed). */
const offerBody = ({ produceTypeNote, qualityNote, ...values }: OfferValues) => ({
  ...values,
  produceType: chosenValue(values.produceType, produceTypeNote),
  quality: chosenValue(values.quality, qualityNote),
  quantityCrates: Number(values.quantityCrates),
});

const checkOffer = translatedResolver(createOfferBody, { sync: true });

/** The note's message when Other is chosen and the note is left blank. */
const describeRequired = {
  produceType: 'suppliers.describeProduceTypeRequired',
  quality: 'suppliers.describeQualityRequired',
} as const;

/** The note's label when Other is chosen. */
const describeLabel = { produceType: 'suppliers.describeProduceType', quality: 'suppliers.describeQuality' } as const;

/** The offer's field messages, a blank produce type or quality under its note when Other is chosen. */
function validateOffer(values: OfferValues) {
  const errors = checkOffer({ ...offerBody(values), quantityCrates: values.quantityCrates });
  for (const [field, note] of chosenFields) {
    if (!errors[field] || values[field] !== OTHER_CHOICE) continue;
    errors[note] = values[note].trim() === '' ? translate(describeRequired[field]) : errors[field];
    delete errors[field];
  }
  return errors;
}

const options = (list: readonly string[], placeholder: string, other: string) => [
  { value: '', label: placeholder },
  ...list.map((entry) => ({ value: entry, label: entry })),
  { value: OTHER_CHOICE, label: other },
];

/** A choice from one of the farm's lists, and with Other its required note. */
function ChosenField({
  form,
  field,
  label,
  placeholder,
  list,
}: {
  form: UseFormReturnType<OfferValues>;
  field: (typeof chosenFields)[number][0];
  label: string;
  placeholder: string;
  list: readonly string[];
}) {
  const t = useT();
  const note = field === 'produceType' ? 'produceTypeNote' : 'qualityNote';
  return (
    <>
      <NativeSelect
        label={label}
        withAsterisk
        data={options(list, placeholder, t('suppliers.otherChoice'))}
        {...form.getInputProps(field)}
      />
      {form.values[field] === OTHER_CHOICE && (
        <TextInput label={t(describeLabel[field])} withAsterisk {...form.getInputProps(note)} />
      )}
    </>
  );
}

/** The offer form, once the farm's lists are known (their defaults if they cannot be read). */
function OfferForm({ offer, onDone }: { offer: ProduceOffer | null; onDone: () => void }) {
  const lists = useProduceLists();
  if (lists.data === undefined && !lists.isError) return <Skeleton height={400} />;
  const known = lists.data ?? { produceTypes: [...DEFAULT_PRODUCE_TYPES], qualities: [...DEFAULT_QUALITIES] };
  return <OfferFields offer={offer} lists={known} onDone={onDone} />;
}

/** The form's starting values: the offer's (a type or quality off the farm's lists is Other, noted), or blank. */
function offerValues(offer: ProduceOffer | null, lists: ProduceLists): OfferValues {
  const type = choiceFor(offer?.produceType ?? '', lists.produceTypes);
  const quality = choiceFor(offer?.quality ?? '', lists.qualities);
  return {
    produceName: offer?.produceName ?? '',
    produceType: type.choice,
    produceTypeNote: type.note,
    quality: quality.choice,
    qualityNote: quality.note,
    quantityCrates: offer?.quantityCrates ?? '',
    unitWeight: offer?.unitWeight ?? '',
    description: offer?.description ?? '',
  };
}

/** The produce type and quality, each from the farm's list or Other with a note. */
function ProduceChoices({ form, lists }: { form: UseFormReturnType<OfferValues>; lists: ProduceLists }) {
  const t = useT();
  return (
    <>
      <ChosenField
        form={form}
        field="produceType"
        label={t('suppliers.produceType')}
        placeholder={t('suppliers.chooseProduceType')}
        list={lists.produceTypes}
      />
      <ChosenField
        form={form}
        field="quality"
        label={t('suppliers.quality')}
        placeholder={t('suppliers.chooseQuality')}
        list={lists.qualities}
      />
    </>
  );
}

function OfferFields({
  offer,
  lists,
  onDone,
}: {
  offer: ProduceOffer | null;
  lists: ProduceLists;
  onDone: () => void;
}) {
  const t = useT();
  const create = useCreateOffer();
  const update = useUpdateOffer();
  const mutation = offer ? update : create;
  const form = useForm<OfferValues>({ initialValues: offerValues(offer, lists), validate: validateOffer });

  const submit = form.onSubmit((values) => {
    const body = offerBody(values);
    const handlers = {
      onSuccess: () => {
        notifySuccess(t(offer ? 'suppliers.offerUpdated' : 'suppliers.offerPosted'));
        onDone();
      },
      onError: (error: unknown) => notifyError(errorMessage(error, t('suppliers.saveOfferFailed'))),
    };
    if (offer) update.mutate({ id: offer.id, ...body }, handlers);
    else create.mutate(body, handlers);
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t(offer ? 'suppliers.editOfferForm' : 'suppliers.newOfferForm')}>
      <Stack>
        <TextInput label={t('suppliers.produceName')} withAsterisk {...form.getInputProps('produceName')} />
        <ProduceChoices form={form} lists={lists} />
        <CountInput label={t('suppliers.crates')} max={MAX_OFFER_CRATES} form={form} name="quantityCrates" />
        <TextInput
          label={t('suppliers.unitWeight')}
          placeholder={t('suppliers.unitWeightPlaceholder')}
          {...form.getInputProps('unitWeight')}
        />
        <Textarea label={t('suppliers.description')} autosize minRows={2} {...form.getInputProps('description')} />
        <FormError error={mutation.isError ? mutation.error : null} fallback={t('suppliers.saveOfferFailed')} />
        <FormActions
          onCancel={onDone}
          submitLabel={t(offer ? 'suppliers.saveOffer' : 'suppliers.postOffer')}
          loading={mutation.isPending}
        />
      </Stack>
    </form>
  );
}
