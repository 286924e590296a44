// The pricing tab: the farm's current prices per crate.
import { Stack, Text, Title } from '@mantine/core';
import { PriceList } from '../../../features/pricing/components/price-list.tsx';

export function PricingPanel() {
  return (
    <Stack gap="md">
      <div>
        <Title order={2} mb={4}>
          Pepper prices per crate
        </Title>
        <Text c="gray.7" maw={720}>
          Current prices for each variety, in rand per crate. Prices follow the season and are updated by the farm store
          as the harvest changes.
        </Text>
      </div>
      <PriceList />
    </Stack>
  );
}
