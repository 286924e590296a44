// The engineering consultation (eci) tab: what the farm's engineers offer other growers.
import { Button, Card, List, Stack, Title } from '@mantine/core';
import { IconBuildingWarehouse, IconDroplet, IconSnowflake, IconSolarPanel } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { consultationIntro, consultationServices, consultationSteps } from './landing-content.ts';
import { CardGrid, LandingSection } from './section-card.tsx';

const icons = [IconDroplet, IconBuildingWarehouse, IconSnowflake, IconSolarPanel];

export function EciPanel() {
  const t = useT();
  return (
    <Stack gap="xl">
      <LandingSection id="eci" title={t('landing.eciTitle')} intro={t(consultationIntro)}>
        <CardGrid
          cols={{ base: 1, sm: 2 }}
          cards={consultationServices.map((service, i) => ({
            title: t(service.title),
            text: t(service.text),
            icon: icons[i % icons.length],
          }))}
        />
      </LandingSection>
      <Card withBorder radius="md" p="lg" bg="green.0">
        <Title order={2} size="h3" mb="sm">
          {t('landing.eciHow')}
        </Title>
        <List type="ordered" spacing={6} mb="md" c="gray.8">
          {consultationSteps.map((step) => (
            <List.Item key={step}>{t(step)}</List.Item>
          ))}
        </List>
        <Button component={Link} to={paths.home.href('contact')} style={{ alignSelf: 'flex-start' }}>
          {t('landing.eciAsk')}
        </Button>
      </Card>
    </Stack>
  );
}
