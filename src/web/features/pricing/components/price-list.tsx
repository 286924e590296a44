// The public price list (landing page, pricing tab): one card per variety, prices in rand.
// An empty list shows the three built-in sample prices (spec §2).
import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatRand } from '../../../../shared/money.ts';
import { samplePrices } from '../../../../shared/pricing-format.ts';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { usePepperPricing } from '../api/get-pepper-pricing.ts';
import { AvailabilityBadge } from './availability-badge.tsx';

/** The built-in samples' descriptions (spec §2), by sample id, in the reader's language. */
const sampleDescriptionKeys: Record<number, string> = {
  [-1]: 'pricing.sampleSweetBell',
  [-2]: 'pricing.sampleHotChili',
  [-3]: 'pricing.sampleSweetMini',
};

export function PriceList() {
  const t = useT();
  const { data, isPending, isError } = usePepperPricing();
  if (isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {[1, 2, 3, 4].map((n) => (
          <Skeleton key={n} h={150} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  const isSample = isError || data.length === 0;
  const rows = isSample ? samplePrices : data;
  return (
    <Stack>
      {isSample && (
        <Alert color="yellow" variant="light" title={t('pricing.samplePrices')}>
          {t('pricing.samplePricesText')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {rows.map((row) => (
          <Card key={row.id} withBorder radius="md" p="lg" data-testid="price-row">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Title order={3} size="h4">
                {row.variety}
              </Title>
              <AvailabilityBadge availability={row.availability} />
            </Group>
            <Text c="gray.7" size="sm" mt={4} mb="md">
              {isSample && sampleDescriptionKeys[row.id] ? t(sampleDescriptionKeys[row.id]) : row.description}
            </Text>
            <Group justify="space-between" align="flex-end" mt="auto">
              <div>
                <Text fz={28} fw={800} c="green.9" lh={1.1} data-testid="price">
                  {formatRand(row.pricePerCrate)}
                </Text>
                <Text size="xs" c="gray.7">
                  {t('pricing.perCrate')}
                </Text>
              </div>
              {!isSample && (
                <Text size="xs" c="gray.7">
                  {t('pricing.updatedOn', { date: formatDate(row.updatedAt) })}
                </Text>
              )}
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
