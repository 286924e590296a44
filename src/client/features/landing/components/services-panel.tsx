// The services tab: crate logistics to the markets, supply services, and how to become an agent or supplier.
import { Button, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore, IconPackage, IconTractor } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { markets, supplyServices } from './landing-content.ts';
import { SectionCard } from './section-card.tsx';

export function ServicesPanel() {
  return (
    <Stack gap="xl">
      <section aria-labelledby="markets">
        <Title order={2} id="markets" mb="xs">
          Crate logistics to the markets
        </Title>
        <Text c="gray.7" mb="md" maw={720}>
          We deliver full crates to market agents and collect the empties, on a fixed schedule. Agents see every
          delivery, loan and return in Cratekeeper, and are paid for the empties they send back.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {markets.map((market) => (
            <SectionCard
              key={market.name}
              title={market.name}
              icon={
                <ThemeIcon variant="light" size="lg" radius="md">
                  <IconBuildingStore size={20} aria-hidden="true" />
                </ThemeIcon>
              }
            >
              {market.text}
            </SectionCard>
          ))}
        </SimpleGrid>
      </section>

      <section aria-labelledby="supply">
        <Title order={2} id="supply" mb="md">
          Supply services
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {supplyServices.map((service) => (
            <SectionCard key={service.title} title={service.title}>
              {service.text}
            </SectionCard>
          ))}
        </SimpleGrid>
      </section>

      <section aria-labelledby="join">
        <Title order={2} id="join" mb="md">
          Work with us
        </Title>
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
      </section>
    </Stack>
  );
}
