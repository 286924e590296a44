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
  TextInput,
  Title,
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

function PriceRow({ row, compact }: { row: PepperPricing; compact: boolean }) {
  const update = useUpdatePepperPricing();
  const [editing, setEditing] = useState(false);
  const [price, setPrice] = useState('');
  const [availability, setAvailability] = useState<Availability>(row.availability);
  const [error, setError] = useState<string | null>(null);

  const startEditing = () => {
    setPrice(centsToDecimal(row.pricePerCrate));
    setAvailability(row.availability);
    setError(null);
    setEditing(true);
  };

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

  const priceInput = (
    <TextInput
      label={compact ? 'Price per crate' : undefined}
      aria-label={`Price per crate in rand for ${row.variety}`}
      leftSection="R"
      inputMode="decimal"
      value={price}
      onChange={(event) => setPrice(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') save();
        if (event.key === 'Escape') setEditing(false);
      }}
      error={error}
      data-autofocus
    />
  );
  const availabilitySelect = (
    <NativeSelect
      label={compact ? 'Availability' : undefined}
      aria-label={`Availability for ${row.variety}`}
      data={[...availabilities]}
      value={availability}
      onChange={(event) => setAvailability(event.currentTarget.value as Availability)}
    />
  );
  const saveAndCancel = (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Button size="xs" onClick={save} loading={update.isPending}>
        Save
      </Button>
      <Button size="xs" variant="default" onClick={() => setEditing(false)} disabled={update.isPending}>
        Cancel
      </Button>
    </Group>
  );
  const editButton = (
    <Button
      size="xs"
      variant="light"
      onClick={startEditing}
      aria-label={`Edit ${row.variety}`}
      style={{ flexShrink: 0 }}
    >
      Edit
    </Button>
  );
  const variety = (
    <>
      <Text fw={600}>{row.variety}</Text>
      <Text size="xs" c="gray.7" lineClamp={2} maw={320}>
        {row.description}
      </Text>
    </>
  );
  const updated = formatDateTime(row.updatedAt);

  // On a phone a five-column table would hide Edit off to the side, so each variety is a card.
  if (compact) {
    return (
      <Paper withBorder p="sm" radius="md" data-testid="price-editor-row" data-variety={row.variety}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ minWidth: 0 }}>{variety}</div>
          {!editing && editButton}
        </Group>
        {editing ? (
          <Stack gap="xs" mt="xs">
            {priceInput}
            {availabilitySelect}
            {saveAndCancel}
          </Stack>
        ) : (
          <Group gap="xs" mt="xs">
            <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="price-editor-price">
              {formatRand(row.pricePerCrate)}
            </Text>
            <AvailabilityBadge availability={row.availability} />
            <Text size="xs" c="gray.7">
              Updated {updated}
            </Text>
          </Group>
        )}
      </Paper>
    );
  }

  return (
    <Table.Tr data-testid="price-editor-row" data-variety={row.variety}>
      <Table.Td>{variety}</Table.Td>
      {editing ? (
        <>
          <Table.Td miw={150}>{priceInput}</Table.Td>
          <Table.Td miw={150}>{availabilitySelect}</Table.Td>
          <Table.Td />
          <Table.Td>{saveAndCancel}</Table.Td>
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
              {updated}
            </Text>
          </Table.Td>
          <Table.Td>
            <Group justify="flex-end">{editButton}</Group>
          </Table.Td>
        </>
      )}
    </Table.Tr>
  );
}

export function PriceEditor() {
  const { data, isPending, isError } = usePepperPricing();
  const compact = useMediaQuery(`(max-width: ${em(767.98)})`) ?? false;
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap={4} mb="md">
        <Title order={2} size="h4">
          Pepper Pricing
        </Title>
        <Text size="sm" c="gray.7">
          Prices per crate shown on the public site. Every price change is added to the price history and the trends.
        </Text>
      </Stack>
      {isPending ? (
        <Stack gap="xs">
          {[1, 2, 3, 4].map((n) => (
            <Skeleton key={n} h={40} />
          ))}
        </Stack>
      ) : isError ? (
        <Text c="red.8">The price list could not be loaded.</Text>
      ) : data.length === 0 ? (
        <Text c="gray.7">No pepper varieties have been set up yet.</Text>
      ) : compact ? (
        <Stack gap="sm">
          {data.map((row) => (
            <PriceRow key={row.id} row={row} compact />
          ))}
        </Stack>
      ) : (
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
              {data.map((row) => (
                <PriceRow key={row.id} row={row} compact={false} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
