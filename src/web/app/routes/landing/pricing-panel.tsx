// The pricing tab: the farm's current prices per crate.
import { Stack, Text, Title } from '@mantine/core';
import { PriceList } from '../../../features/pricing/components/price-list.tsx';
import { useT } from '../../../lib/i18n/use-t.ts';

export function PricingPanel() {
  const t = useT();
  return (
    <Stack gap="md">
      <div>
        <Title order={2} mb={4}>
          {t('landing.pricesTitle')}
        </Title>
        <Text c="gray.7" maw={720}>
          {t('landing.pricesText')}
        </Text>
      </div>
      <PriceList />
    </Stack>
  );
}
