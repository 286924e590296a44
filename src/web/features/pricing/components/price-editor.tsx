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
  pricingMessages,
  updatePricingBody,
} from '../../../../shared/pricing.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { SectionHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { usePepperPricing } from '../api/get-pepper-pricing.ts';
import { useUpdatePepperPricing } from '../api/update-pepper-pricing.ts';
import { AvailabilityBadge } from './availability-badge.tsx';

const NOT_AN_AMOUNT = 'Enter the price in rand, for example 185.50';

/** The price typed in rand as cents, or the message that says what is wrong with it. */
function parsePrice(text: string, availability: Availability) {
  if (text.trim() === '') return { error: pricingMessages.priceRequired } as const;
  const cents = parseRand(text);
  if (cents === null) return { error: NOT_AN_AMOUNT } as const;
  const parsed = updatePricingBody.safeParse({ pricePerCrate: cents, availability });
  return parsed.success ? ({ body: parsed.data } as const) : ({ error: parsed.error.issues[0].message } as const);
}

/** A row's edit: view → edit → saved or cancelled. */
function usePriceEdit(row: PepperPricing) {
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
      setError(result.error ?? NOT_AN_AMOUNT);
      return;
    }
    update.mutate(
      { id: row.id, ...result.body },
      {
        onSuccess: () => {
          notifySuccess(pricingMessages.updated);
          setEditing(false);
        },
        onError: () => notifyError(pricingMessages.updateFailed),
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
  return (
    <MoneyInput
      label={compact ? 'Price per crate' : undefined}
      aria-label={`Price per crate in rand for ${row.variety}`}
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
  return (
    <NativeSelect
      label={compact ? 'Availability' : undefined}
      aria-label={`Availability for ${row.variety}`}
      data={[...availabilities]}
      value={edit.availability}
      onChange={(event) => edit.setAvailability(event.currentTarget.value as Availability)}
    />
  );
}

function SaveAndCancel({ edit }: { edit: PriceEdit }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Button size="xs" onClick={edit.save} loading={edit.saving}>
        Save
      </Button>
      <Button size="xs" variant="default" onClick={edit.cancel} disabled={edit.saving}>
        Cancel
      </Button>
    </Group>
  );
}

function EditButton({ row, edit }: { row: PepperPricing; edit: PriceEdit }) {
  return (
    <Button size="xs" variant="light" onClick={edit.start} aria-label={`Edit ${row.variety}`} style={{ flexShrink: 0 }}>
      Edit
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
            Updated {formatDateTime(row.updatedAt)}
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
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Variety</Table.Th>
            <Table.Th>Price per crate</Table.Th>
            <Table.Th>Availability</Table.Th>
            <Table.Th>Updated</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
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
  if (rows.length === 0) return <Text c="gray.7">No pepper varieties have been set up yet.</Text>;
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
  const { data, isPending, isError } = usePepperPricing();
  const compact = useMediaQuery(`(max-width: ${em(767.98)})`) ?? false;
  return (
    <Card withBorder radius="md" p="lg">
      <SectionHeader
        title="Pepper Pricing"
        description="Prices per crate shown on the public site. Every price change is added to the price history and the trends."
      />
      {isPending ? (
        <Stack gap="xs">
          {[1, 2, 3, 4].map((n) => (
            <Skeleton key={n} h={40} />
          ))}
        </Stack>
      ) : isError ? (
        <Text c="red.8">The price list could not be loaded.</Text>
      ) : (
        <PriceRows rows={data} compact={compact} />
      )}
    </Card>
  );
}
