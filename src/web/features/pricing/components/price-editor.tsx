// The farm store's price editor (spec §2, §4): each row goes view → edit → saved or cancelled, and
// edits the price per crate (typed in rand, sent in cents) and the availability.
import {
  Button,
  Card,
  em,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { centsToDecimal, formatRand, parseRand } from '../../../../shared/money.ts';
import {
  type Availability,
  availabilities,
  type PepperPricing,
  updatePricingBody,
} from '../../../../shared/pricing.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { SectionHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { translateEnglish } from '../../../lib/i18n/english-messages.ts';
import { t as say } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { usePepperPricing } from '../api/get-pepper-pricing.ts';
import { useUpdatePepperPricing } from '../api/update-pepper-pricing.ts';
import { AvailabilityBadge, availabilityKeys } from './availability-badge.tsx';

/** The price typed in rand as cents, or the message that says what is wrong with it. */
function parsePrice(text: string, availability: Availability) {
  if (text.trim() === '') return { error: say('pricing.priceRequired') } as const;
  const cents = parseRand(text);
  if (cents === null) return { error: say('pricing.notAnAmount') } as const;
  const parsed = updatePricingBody.safeParse({ pricePerCrate: cents, availability });
  return parsed.success
    ? ({ body: parsed.data } as const)
    : ({ error: translateEnglish(parsed.error.issues[0].message) } as const);
}

/** A row's edit: view → edit → saved or cancelled. */
function usePriceEdit(row: PepperPricing) {
  const t = useT();
  const update = useUpdatePepperPricing();
  const [editing, setEditing] = useState(false);
  const [price, setPrice] = useState('');
  const [availability, setAvailability] = useState<Availability>(row.availability);
  const [error, setError] = useState<string | null>(null);

  const start = () => {
    setPrice(centsToDecimal(row.pricePerCrate));
    setAvailability(row.availability);
    setError(null);
    setEditing(true);
  };
  const cancel = () => setEditing(false);
  const save = () => {
    const result = parsePrice(price, availability);
    if ('error' in result) {
      setError(result.error ?? t('pricing.notAnAmount'));
      return;
    }
    update.mutate(
      { id: row.id, ...result.body },
      {
        onSuccess: () => {
          notifySuccess(t('pricing.updated'));
          setEditing(false);
        },
        onError: () => notifyError(t('pricing.updateFailed')),
      },
    );
  };
  return {
    editing,
    price,
    setPrice,
    availability,
    setAvailability,
    error,
    start,
    cancel,
    save,
    saving: update.isPending,
  };
}

type PriceEdit = ReturnType<typeof usePriceEdit>;
type RowProps = { row: PepperPricing; edit: PriceEdit; compact: boolean };

function PriceInput({ row, edit, compact }: RowProps) {
  const t = useT();
  return (
    <MoneyInput
      label={compact ? t('pricing.pricePerCrate') : undefined}
      aria-label={t('pricing.priceFor', { variety: row.variety })}
      leftSection="R"
      value={edit.price}
      onChange={(event) => edit.setPrice(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') edit.save();
        if (event.key === 'Escape') edit.cancel();
      }}
      error={edit.error}
      data-autofocus
    />
  );
}

function AvailabilitySelect({ row, edit, compact }: RowProps) {
  const t = useT();
  return (
    <NativeSelect
      label={compact ? t('pricing.availabilityLabel') : undefined}
      aria-label={t('pricing.availabilityFor', { variety: row.variety })}
      data={availabilities.map((value) => ({ value, label: t(availabilityKeys[value]) }))}
      value={edit.availability}
      onChange={(event) => edit.setAvailability(event.currentTarget.value as Availability)}
    />
  );
}

function SaveAndCancel({ edit }: { edit: PriceEdit }) {
  const t = useT();
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Button size="xs" onClick={edit.save} loading={edit.saving}>
        {t('common.save')}
      </Button>
      <Button size="xs" variant="default" onClick={edit.cancel} disabled={edit.saving}>
        {t('common.cancel')}
      </Button>
    </Group>
  );
}

function EditButton({ row, edit }: { row: PepperPricing; edit: PriceEdit }) {
  const t = useT();
  return (
    <Button
      size="xs"
      variant="light"
      onClick={edit.start}
      aria-label={t('pricing.editVariety', { variety: row.variety })}
      style={{ flexShrink: 0 }}
    >
      {t('pricing.edit')}
    </Button>
  );
}

function Variety({ row }: { row: PepperPricing }) {
  return (
    <>
      <Text fw={600}>{row.variety}</Text>
      <Text size="xs" c="gray.7" lineClamp={2} maw={320}>
        {row.description}
      </Text>
    </>
  );
}

// On a phone a five-column table would hide Edit off to the side, so each variety is a card.
function PriceCard(props: RowProps) {
  const t = useT();
  const { row, edit } = props;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="price-editor-row" data-variety={row.variety}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Variety row={row} />
        </div>
        {!edit.editing && <EditButton row={row} edit={edit} />}
      </Group>
      {edit.editing ? (
        <Stack gap="xs" mt="xs">
          <PriceInput {...props} />
          <AvailabilitySelect {...props} />
          <SaveAndCancel edit={edit} />
        </Stack>
      ) : (
        <Group gap="xs" mt="xs">
          <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="price-editor-price">
            {formatRand(row.pricePerCrate)}
          </Text>
          <AvailabilityBadge availability={row.availability} />
          <Text size="xs" c="gray.7">
            {t('pricing.updatedOn', { date: formatDateTime(row.updatedAt) })}
          </Text>
        </Group>
      )}
    </Paper>
  );
}

function PriceTableRow(props: RowProps) {
  const { row, edit } = props;
  return (
    <Table.Tr data-testid="price-editor-row" data-variety={row.variety}>
      <Table.Td>
        <Variety row={row} />
      </Table.Td>
      {edit.editing ? (
        <>
          <Table.Td miw={150}>
            <PriceInput {...props} />
          </Table.Td>
          <Table.Td miw={150}>
            <AvailabilitySelect {...props} />
          </Table.Td>
          <Table.Td />
          <Table.Td>
            <SaveAndCancel edit={edit} />
          </Table.Td>
        </>
      ) : (
        <>
          <Table.Td fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="price-editor-price">
            {formatRand(row.pricePerCrate)}
          </Table.Td>
          <Table.Td>
            <AvailabilityBadge availability={row.availability} />
          </Table.Td>
          <Table.Td>
            <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(row.updatedAt)}
            </Text>
          </Table.Td>
          <Table.Td>
            <Group justify="flex-end">
              <EditButton row={row} edit={edit} />
            </Group>
          </Table.Td>
        </>
      )}
    </Table.Tr>
  );
}

function PriceRow({ row, compact }: { row: PepperPricing; compact: boolean }) {
  const edit = usePriceEdit(row);
  return compact ? (
    <PriceCard row={row} edit={edit} compact />
  ) : (
    <PriceTableRow row={row} edit={edit} compact={false} />
  );
}

function PriceTable({ rows }: { rows: PepperPricing[] }) {
  const t = useT();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('pricing.variety')}</Table.Th>
            <Table.Th>{t('pricing.pricePerCrate')}</Table.Th>
            <Table.Th>{t('pricing.availabilityLabel')}</Table.Th>
            <Table.Th>{t('pricing.updatedColumn')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('pricing.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <PriceRow key={row.id} row={row} compact={false} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function PriceRows({ rows, compact }: { rows: PepperPricing[]; compact: boolean }) {
  const t = useT();
  if (rows.length === 0) return <Text c="gray.7">{t('pricing.noVarieties')}</Text>;
  if (!compact) return <PriceTable rows={rows} />;
  return (
    <Stack gap="sm">
      {rows.map((row) => (
        <PriceRow key={row.id} row={row} compact />
      ))}
    </Stack>
  );
}

export function PriceEditor() {
  const t = useT();
  const { data, isPending, isError } = usePepperPricing();
  const compact = useMediaQuery(`(max-width: ${em(767.98)})`) ?? false;
  return (
    <Card withBorder radius="md" p="lg">
      <SectionHeader title={t('pricing.pepperPricing')} description={t('pricing.editorDescription')} />
      {isPending ? (
        <Stack gap="xs">
          {[1, 2, 3, 4].map((n) => (
            <Skeleton key={n} h={40} />
          ))}
        </Stack>
      ) : isError ? (
        <Text c="red.8">{t('pricing.loadFailed')}</Text>
      ) : (
        <PriceRows rows={data} compact={compact} />
      )}
    </Card>
  );
}
