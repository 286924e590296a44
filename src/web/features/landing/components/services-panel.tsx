// The services tab: crate logistics to the markets, supply services, and how to become an agent or supplier.
import { Button, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore, IconPackage, IconTractor } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { markets, marketsIntro, supplyServices } from './landing-content.ts';
import { CardGrid, LandingSection } from './section-card.tsx';

// Long: static marketing copy laid out as one panel; no logic.
export function ServicesPanel() {
  return (
    <Stack gap="xl">
      <LandingSection id="markets" title="Crate logistics to the markets" intro={marketsIntro}>
        <CardGrid
          cols={{ base: 1, sm: 3 }}
          cards={markets.map((market) => ({ title: market.name, text: market.text, icon: IconBuildingStore }))}
        />
      </LandingSection>

      <LandingSection id="supply" title="Supply services">
        <CardGrid cols={{ base: 1, sm: 2 }} cards={supplyServices} />
      </LandingSection>

      <LandingSection id="join" title="Work with us">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Card withBorder radius="md" p="lg">
            <ThemeIcon variant="light" size="lg" radius="md" mb="sm">
              <IconPackage size={20} aria-hidden="true" />
            </ThemeIcon>
            <Title order={3} size="h4" mb="xs">
              Become a market agent
            </Title>
            <List size="sm" spacing={4} mb="md" c="gray.8">
              <List.Item>Trade at the Johannesburg Market, the Pretoria Market or another market.</List.Item>
              <List.Item>Receive and count our crates, lend them to your buyers and track every loan.</List.Item>
              <List.Item>Send the empties back and earn per crate returned, paid by EFT each cycle.</List.Item>
            </List>
            <Button component={Link} to={paths.register.href()}>
              Register as a market agent
            </Button>
          </Card>
          <Card withBorder radius="md" p="lg">
            <ThemeIcon variant="light" size="lg" radius="md" mb="sm">
              <IconTractor size={20} aria-hidden="true" />
            </ThemeIcon>
            <Title order={3} size="h4" mb="xs">
              Become a supplier
            </Title>
            <List size="sm" spacing={4} mb="md" c="gray.8">
              <List.Item>Offer peppers and other produce to the farm, with your certification.</List.Item>
              <List.Item>Answer open tenders and follow your quotes and offers.</List.Item>
              <List.Item>Request crates from the farm for your own harvest.</List.Item>
            </List>
            <Button component={Link} to={paths.supplierRegistration.href()} variant="default">
              Register as a supplier
            </Button>
          </Card>
        </SimpleGrid>
        <Text size="sm" c="gray.7" mt="md">
          Already registered?{' '}
          <Link to={paths.login.href()} style={{ color: 'var(--mantine-color-green-9)' }}>
            Log in to Cratekeeper
          </Link>
          . New accounts are approved by the farm store before they can trade.
        </Text>
      </LandingSection>
    </Stack>
  );
}
