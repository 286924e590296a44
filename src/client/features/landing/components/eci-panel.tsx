// The engineering consultation (eci) tab: what the farm's engineers offer other growers.
import { Button, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingWarehouse, IconDroplet, IconSnowflake, IconSolarPanel } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { consultationServices, consultationSteps } from './landing-content.ts';
import { SectionCard } from './section-card.tsx';

const icons = [IconDroplet, IconBuildingWarehouse, IconSnowflake, IconSolarPanel];

export function EciPanel() {
  return (
    <Stack gap="xl">
      <section aria-labelledby="eci">
        <Title order={2} id="eci" mb="xs">
          Engineering consultation for growers
        </Title>
        <Text c="gray.7" mb="md" maw={720}>
          The systems that keep our own peppers growing and cool were designed on the farm. Our engineering team now
          helps other growers plan, build and run theirs — from a single tunnel to a full packhouse.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {consultationServices.map((service, i) => {
            const Icon = icons[i % icons.length];
            return (
              <SectionCard
                key={service.title}
                title={service.title}
                icon={
                  <ThemeIcon variant="light" size="lg" radius="md">
                    <Icon size={20} aria-hidden="true" />
                  </ThemeIcon>
                }
              >
                {service.text}
              </SectionCard>
            );
          })}
        </SimpleGrid>
      </section>
      <Card withBorder radius="md" p="lg" bg="green.0">
        <Title order={2} size="h3" mb="sm">
          How a consultation works
        </Title>
        <List type="ordered" spacing={6} mb="md" c="gray.8">
          {consultationSteps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
        <Button component={Link} to={paths.home.href('contact')} style={{ alignSelf: 'flex-start' }}>
          Ask about a consultation
        </Button>
      </Card>
    </Stack>
  );
}
