// The home tab: what the farm grows, how its crates move, live crate counts, and the ways in.
import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlant2, IconTruckDelivery, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { formatCount } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { usePublicFarmMetrics } from '../api/get-public-farm-metrics.ts';
import { cratesIntro, howCratesMove, whatWeGrow } from './landing-content.ts';
import { CardGrid, LandingSection } from './section-card.tsx';

function FarmMetrics() {
  const t = useT();
  const { data } = usePublicFarmMetrics();
  if (!data) return null;
  return (
    <SimpleGrid cols={2} spacing="md" role="group" aria-label={t('landing.cratesNow')}>
      <Card withBorder radius="md" p="md" bg="green.0">
        <Text fz={28} fw={800} c="green.9" data-testid="metric-total-crates">
          {formatCount(data.totalCrates)}
        </Text>
        <Text size="sm" c="gray.8">
          {t('landing.cratesInCirculation')}
        </Text>
      </Card>
      <Card withBorder radius="md" p="md" bg="green.0">
        <Text fz={28} fw={800} c="green.9" data-testid="metric-at-markets">
          {formatCount(data.atMarkets)}
        </Text>
        <Text size="sm" c="gray.8">
          {t('landing.cratesAtMarkets')}
        </Text>
      </Card>
    </SimpleGrid>
  );
}

// Long: static marketing copy laid out as one panel; no logic.
export function HomePanel() {
  const t = useT();
  return (
    <Stack gap="xl">
      <LandingSection id="what-we-grow" title={t('landing.whatWeGrow')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {whatWeGrow.map((item) => (
            <Card key={item.variety} withBorder radius="md" p="lg">
              <ThemeIcon color={item.colour} variant="light" size="lg" radius="xl" mb="sm">
                <IconPlant2 size={20} aria-hidden="true" />
              </ThemeIcon>
              <Title order={3} size="h4" mb={6}>
                {item.variety}
              </Title>
              <Text size="sm" c="gray.7">
                {t(item.text)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        <Group mt="md">
          <Button component={Link} to={paths.home.href('pricing')} variant="light">
            {t('landing.seePrices')}
          </Button>
          <Button component={Link} to={paths.home.href('trends')} variant="subtle">
            {t('landing.priceTrends')}
          </Button>
        </Group>
      </LandingSection>

      <LandingSection id="crates" title={t('landing.cratesTitle')} intro={t(cratesIntro)}>
        <FarmMetrics />
        <CardGrid
          cols={{ base: 1, sm: 3 }}
          mt="md"
          cards={howCratesMove.map((step, i) => ({
            text: t(step.text),
            title: `${i + 1}. ${t(step.title)}`,
            icon: IconTruckDelivery,
          }))}
        />
      </LandingSection>

      <Card withBorder radius="md" p="xl" bg="green.0">
        <Group justify="space-between" gap="md">
          <div style={{ maxWidth: 620 }}>
            <Title order={2} size="h3" mb={6}>
              {t('landing.sellOrGrow')}
            </Title>
            <Text c="gray.8">{t('landing.sellOrGrowText')}</Text>
          </div>
          <Group gap="xs">
            <Button component={Link} to={paths.register.href()} leftSection={<IconUserPlus size={18} aria-hidden />}>
              {t('landing.register')}
            </Button>
            <Button component={Link} to={paths.home.href('services')} variant="default">
              {t('landing.howItWorks')}
            </Button>
          </Group>
        </Group>
      </Card>
    </Stack>
  );
}
