// The services tab: crate logistics to the markets, supply services, and how to become an agent or supplier.
import { Button, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore, IconPackage, IconTractor } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { markets, marketsIntro, supplyServices } from './landing-content.ts';
import { CardGrid, LandingSection } from './section-card.tsx';

// Long: static marketing copy laid out as one panel; no logic.
export function ServicesPanel() {
  const t = useT();
  return (
    <Stack gap="xl">
      <LandingSection id="markets" title={t('landing.marketsTitle')} intro={t(marketsIntro)}>
        <CardGrid
          cols={{ base: 1, sm: 3 }}
          cards={markets.map((market) => ({
            title: t(market.name),
            text: t(market.text),
            icon: IconBuildingStore,
          }))}
        />
      </LandingSection>

      <LandingSection id="supply" title={t('landing.supplyTitle')}>
        <CardGrid
          cols={{ base: 1, sm: 2 }}
          cards={supplyServices.map((service) => ({ title: t(service.title), text: t(service.text) }))}
        />
      </LandingSection>

      <LandingSection id="join" title={t('landing.joinTitle')}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Card withBorder radius="md" p="lg">
            <ThemeIcon variant="light" size="lg" radius="md" mb="sm">
              <IconPackage size={20} aria-hidden="true" />
            </ThemeIcon>
            <Title order={3} size="h4" mb="xs">
              {t('landing.becomeAgent')}
            </Title>
            <List size="sm" spacing={4} mb="md" c="gray.8">
              <List.Item>{t('landing.agentPoint1')}</List.Item>
              <List.Item>{t('landing.agentPoint2')}</List.Item>
              <List.Item>{t('landing.agentPoint3')}</List.Item>
            </List>
            <Button component={Link} to={paths.register.href()}>
              {t('landing.registerAgent')}
            </Button>
          </Card>
          <Card withBorder radius="md" p="lg">
            <ThemeIcon variant="light" size="lg" radius="md" mb="sm">
              <IconTractor size={20} aria-hidden="true" />
            </ThemeIcon>
            <Title order={3} size="h4" mb="xs">
              {t('landing.becomeSupplier')}
            </Title>
            <List size="sm" spacing={4} mb="md" c="gray.8">
              <List.Item>{t('landing.supplierPoint1')}</List.Item>
              <List.Item>{t('landing.supplierPoint2')}</List.Item>
              <List.Item>{t('landing.supplierPoint3')}</List.Item>
            </List>
            <Button component={Link} to={paths.supplierRegistration.href()} variant="default">
              {t('landing.registerSupplier')}
            </Button>
          </Card>
        </SimpleGrid>
        <Text size="sm" c="gray.7" mt="md">
          {t('landing.alreadyRegistered')}{' '}
          <Link to={paths.login.href()} style={{ color: 'var(--mantine-color-green-9)' }}>
            {t('landing.logInToCratekeeper')}
          </Link>
          {t('landing.approvedFirst')}
        </Text>
      </LandingSection>
    </Stack>
  );
}
