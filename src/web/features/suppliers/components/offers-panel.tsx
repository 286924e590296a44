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
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useState } from 'react';
import {
  choiceFor,
  chosenValue,
  DEFAULT_PRODUCE_TYPES,
  DEFAULT_QUALITIES,
  OTHER_CHOICE,
  type ProduceLists,
  produceListMessages,
} from '../../../../shared/produce-lists.ts';
import { createOfferBody, MAX_OFFER_CRATES, type ProduceOffer } from '../../../../shared/suppliers.ts';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { QueryList } from '../../../components/list-states.tsx';
import { CountInput } from '../../../components/quantity-input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { crates } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useMyOffers } from '../api/get-my-offers.ts';
import { useProduceLists } from '../api/produce-lists.ts';
import { useCreateOffer, useUpdateOffer } from '../api/save-offer.ts';
import { StatusPill } from './status-pill.tsx';

export const SAVE_OFFER_FAILED = 'Failed to save offer';

// Long: the offers panel's layout: my offers, the market's offers, and the form it opens.
export function OffersPanel() {
  const offers = useMyOffers();
  const update = useUpdateOffer();
  const [editing, setEditing] = useState<ProduceOffer | 'new' | null>(null);

  const setActive = (offer: ProduceOffer, isActive: boolean) =>
    update.mutate(
      { id: offer.id, isActive },
      {
        onSuccess: () => notifySuccess(isActive ? 'Offer reactivated' : 'Offer deactivated'),
        onError: (error) => notifyError(errorMessage(error, SAVE_OFFER_FAILED)),
      },
    );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          My Offers
        </Title>
        <Button onClick={() => setEditing('new')}>New Offer</Button>
      </Group>
      <QueryList
        query={offers}
        skeletonHeight={120}
        skeletonRadius="md"
        failed="We could not load your offers. Retrying…"
        empty={
          <Card withBorder radius="md" p="lg">
            <Text c="dimmed">No offers yet. Post what you can supply and the farm can open a tender on it.</Text>
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
                    {offer.isActive ? 'Active' : 'Inactive'}
                  </StatusPill>
                </Group>
                <Text size="sm" mt="xs">
                  {crates(offer.quantityCrates)}
                  {offer.unitWeight ? ` of ${offer.unitWeight}` : ''}
                </Text>
                {offer.description && (
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {offer.description}
                  </Text>
                )}
                <Group mt="sm" gap="xs">
                  <Button variant="default" size="xs" onClick={() => setEditing(offer)}>
                    Edit
                  </Button>
                  <Button
                    variant="light"
                    color={offer.isActive ? 'red' : 'green'}
                    size="xs"
                    loading={update.isPending && update.variables?.id === offer.id}
                    onClick={() => setActive(offer, !offer.isActive)}
                  >
                    {offer.isActive ? 'Deactivate' : 'Reactivate'}
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
        title={editing === 'new' ? 'New Offer' : 'Edit Offer'}
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

const checkOffer = schemaResolver(createOfferBody, { sync: true });

/** The offer's field messages, a blank produce type or quality under its note when Other is chosen. */
function validateOffer(values: OfferValues) {
  const errors = checkOffer({ ...offerBody(values), quantityCrates: values.quantityCrates });
  for (const [field, note] of chosenFields) {
    if (!errors[field] || values[field] !== OTHER_CHOICE) continue;
    errors[note] = values[note].trim() === '' ? produceListMessages.describeRequired[field] : errors[field];
    delete errors[field];
  }
  return errors;
}

const options = (list: readonly string[], placeholder: string) => [
  { value: '', label: placeholder },
  ...list.map((entry) => ({ value: entry, label: entry })),
  { value: OTHER_CHOICE, label: OTHER_CHOICE },
];

/** A choice from one of the farm's lists, and with Other its required note. */
function ChosenField({
  form,
  field,
  label,
  list,
}: {
  form: UseFormReturnType<OfferValues>;
  field: (typeof chosenFields)[number][0];
  label: string;
  list: readonly string[];
}) {
  const note = field === 'produceType' ? 'produceTypeNote' : 'qualityNote';
  return (
    <>
      <NativeSelect
        label={label}
        withAsterisk
        data={options(list, `Choose a ${label.toLowerCase()}`)}
        {...form.getInputProps(field)}
      />
      {form.values[field] === OTHER_CHOICE && (
        <TextInput label={produceListMessages.describe[field]} withAsterisk {...form.getInputProps(note)} />
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

function OfferFields({
  offer,
  lists,
  onDone,
}: {
  offer: ProduceOffer | null;
  lists: ProduceLists;
  onDone: () => void;
}) {
  const create = useCreateOffer();
  const update = useUpdateOffer();
  const mutation = offer ? update : create;
  const type = choiceFor(offer?.produceType ?? '', lists.produceTypes);
  const quality = choiceFor(offer?.quality ?? '', lists.qualities);
  const form = useForm<OfferValues>({
    initialValues: {
      produceName: offer?.produceName ?? '',
      produceType: type.choice,
      produceTypeNote: type.note,
      quality: quality.choice,
      qualityNote: quality.note,
      quantityCrates: offer?.quantityCrates ?? '',
      unitWeight: offer?.unitWeight ?? '',
      description: offer?.description ?? '',
    },
    validate: validateOffer,
  });

  const submit = form.onSubmit((values) => {
    const body = offerBody(values);
    const handlers = {
      onSuccess: () => {
        notifySuccess(offer ? 'Offer updated' : 'Offer posted');
        onDone();
      },
      onError: (error: unknown) => notifyError(errorMessage(error, SAVE_OFFER_FAILED)),
    };
    if (offer) update.mutate({ id: offer.id, ...body }, handlers);
    else create.mutate(body, handlers);
  });

  return (
    <form onSubmit={submit} noValidate aria-label={offer ? 'Edit offer' : 'New offer'}>
      <Stack>
        <TextInput label="Produce name" withAsterisk {...form.getInputProps('produceName')} />
        <ChosenField form={form} field="produceType" label="Produce type" list={lists.produceTypes} />
        <ChosenField form={form} field="quality" label="Quality" list={lists.qualities} />
        <CountInput label="Crates" max={MAX_OFFER_CRATES} form={form} name="quantityCrates" />
        <TextInput label="Unit weight" placeholder="e.g. 10 kg per crate" {...form.getInputProps('unitWeight')} />
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
        <FormError error={mutation.isError ? mutation.error : null} fallback={SAVE_OFFER_FAILED} />
        <FormActions onCancel={onDone} submitLabel={offer ? 'Save Offer' : 'Post Offer'} loading={mutation.isPending} />
      </Stack>
    </form>
  );
}
