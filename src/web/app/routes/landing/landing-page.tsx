// The public site (spec §2 Landing page): home, pricing, trends, services, contact and engineering
// consultation tabs, the active one kept in ?tab= so it can be linked to.
import { Anchor, Box, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Logo } from '../../../components/logo.tsx';
import { useShownFarmName } from '../../../features/farm-name/api.ts';
import { EciPanel } from '../../../features/landing/components/eci-panel.tsx';
import { HomePanel } from '../../../features/landing/components/home-panel.tsx';
import { LandingContainer } from '../../../features/landing/components/landing-container.tsx';
import { LandingHeader } from '../../../features/landing/components/landing-header.tsx';
import { ServicesPanel } from '../../../features/landing/components/services-panel.tsx';
import { useT } from '../../../lib/i18n/use-t.ts';
import { type LandingTab, landingTabs, paths } from '../../paths.ts';
import { ContactPanel } from './contact-panel.tsx';
import { PricingPanel } from './pricing-panel.tsx';
import { TrendsPanel } from './trends-panel.tsx';

/** Each tab's label (its key in the catalogue) and panel. */
const tabs: Record<LandingTab, { label: string; panel: () => ReactNode }> = {
  home: { label: 'landing.tabHome', panel: () => <HomePanel /> },
  pricing: { label: 'landing.tabPricing', panel: () => <PricingPanel /> },
  trends: { label: 'landing.tabTrends', panel: () => <TrendsPanel /> },
  services: { label: 'landing.tabServices', panel: () => <ServicesPanel /> },
  contact: { label: 'landing.tabContact', panel: () => <ContactPanel /> },
  eci: { label: 'landing.tabEci', panel: () => <EciPanel /> },
};

const isLandingTab = (value: string | null): value is LandingTab =>
  value !== null && (landingTabs as readonly string[]).includes(value);

/** The logo and the farm's one name (decision 067), as its Settings set it. */
function FooterBrand() {
  return (
    <Group gap="xs">
      <Logo size="md" />
      <Text size="sm" c="gray.7" data-testid="farm-name">
        {useShownFarmName()}
      </Text>
    </Group>
  );
}

// Long: the public site's one page: its header, tab list and panels laid out in order; each panel is its own component.
export function LandingPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: LandingTab = isLandingTab(requested) ? requested : 'home';

  const open = (value: string | null) => {
    if (!isLandingTab(value)) return;
    setParams(value === 'home' ? {} : { tab: value });
  };

  return (
    <Box bg="gray.0" mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <LandingHeader />
      <Box component="section" aria-labelledby="landing-title" bg="green.9" c="white" py={{ base: 'xl', sm: 48 }}>
        <LandingContainer>
          <Stack gap="xs" maw={760}>
            <Title order={1} id="landing-title" fz={{ base: 28, sm: 40 }} lh={1.15}>
              {t('landing.heroTitle')}
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="green.0">
              {t('landing.heroText')}
            </Text>
          </Stack>
        </LandingContainer>
      </Box>
      <LandingContainer py="md" component="main" style={{ flex: 1 }}>
        <Tabs value={active} onChange={open} keepMounted={false} variant="pills">
          {/* Pills wrap onto a second row on a phone, so every section stays in sight. */}
          <Tabs.List mb="lg" aria-label={t('landing.sections')}>
            {landingTabs.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {t(tabs[value].label)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {landingTabs.map((value) => (
            <Tabs.Panel key={value} value={value}>
              {tabs[value].panel()}
            </Tabs.Panel>
          ))}
        </Tabs>
      </LandingContainer>
      <Box component="footer" bg="white" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <LandingContainer>
          <Group justify="space-between" py="md" gap="xs">
            <FooterBrand />
            <Group gap="md">
              <Anchor component={Link} to={paths.home.href('contact')} size="sm" c="green.9" className="thumb-link">
                {t('landing.footerContact')}
              </Anchor>
              <Anchor component={Link} to={paths.login.href()} size="sm" c="green.9" className="thumb-link">
                {t('landing.footerLogIn')}
              </Anchor>
              <Anchor component={Link} to={paths.register.href()} size="sm" c="green.9" className="thumb-link">
                {t('landing.footerRegister')}
              </Anchor>
            </Group>
          </Group>
        </LandingContainer>
      </Box>
    </Box>
  );
}
