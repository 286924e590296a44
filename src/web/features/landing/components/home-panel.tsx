// The home tab: what the farm grows, how its crates move, live crate counts, and the ways in.
import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlant2, IconTruckDelivery, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { formatCount } from '../../../lib/format.ts';
import { usePublicFarmMetrics } from '../api/get-public-farm-metrics.ts';
import { cratesIntro, howCratesMove, whatWeGrow } from './landing-content.ts';
import { CardGrid, LandingSection } from './section-card.tsx';

function FarmMetrics() {
  const { data } = usePublicFarmMetrics();
  if (!data) return null;
  return (
    <SimpleGrid cols={2} spacing="md" role="group" aria-label="Crates right now">
      <Card withBorder radius="md" p="md" bg="green.0">
        <Text fz={28} fw={800} c="green.9" data-testid="metric-total-crates">
          {formatCount(data.totalCrates)}
        </Text>
        <Text size="sm" c="gray.8">
          crates in circulation
        </Text>
      </Card>
      <Card withBorder radius="md" p="md" bg="green.0">
        <Text fz={28} fw={800} c="green.9" data-testid="metric-at-markets">
          {formatCount(data.atMarkets)}
        </Text>
        <Text size="sm" c="gray.8">
          crates at the markets now
        </Text>
      </Card>
    </SimpleGrid>
  );
}

// Long: static marketing copy laid out as one panel; no logic.
export function HomePanel() {
  return (
    <Stack gap="xl">
      <LandingSection id="what-we-grow" title="What we grow">
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
                {item.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        <Group mt="md">
          <Button component={Link} to={paths.home.href('pricing')} variant="light">
            See today’s prices
          </Button>
          <Button component={Link} to={paths.home.href('trends')} variant="subtle">
            Price trends
          </Button>
        </Group>
      </LandingSection>

      <LandingSection id="crates" title="From our farm to the Johannesburg and Pretoria markets" intro={cratesIntro}>
        <FarmMetrics />
        <CardGrid
          cols={{ base: 1, sm: 3 }}
          mt="md"
          cards={howCratesMove.map((step, i) => ({
            ...step,
            title: `${i + 1}. ${step.title}`,
            icon: IconTruckDelivery,
          }))}
        />
      </LandingSection>

      <Card withBorder radius="md" p="xl" bg="green.0">
        <Group justify="space-between" gap="md">
          <div style={{ maxWidth: 620 }}>
            <Title order={2} size="h3" mb={6}>
              Sell our peppers or grow with us
            </Title>
            <Text c="gray.8">
              Market agents receive our crates at their market floor and earn on every crate returned. Suppliers offer
              produce and crates to the farm and respond to our tenders. Register once and we approve your account.
            </Text>
          </div>
          <Group gap="xs">
            <Button component={Link} to={paths.register.href()} leftSection={<IconUserPlus size={18} aria-hidden />}>
              Register
            </Button>
            <Button component={Link} to={paths.home.href('services')} variant="default">
              How it works
            </Button>
          </Group>
        </Group>
      </Card>
    </Stack>
  );
}
