// The contact tab: how to reach the farm, and the contact form (loaded with the tab).
import { Card, Grid, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useT } from '../../../lib/i18n/use-t.ts';

const ContactForm = lazy(() => import('../../../features/contact/components/contact-form.tsx'));

export function ContactPanel() {
  const t = useT();
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="sm">
          <Title order={2}>{t('landing.contactTitle')}</Title>
          <Text c="gray.7">{t('landing.contactText')}</Text>
          <Card withBorder radius="md" p="md">
            <Title order={3} size="h5" mb={4}>
              {t('landing.officeHours')}
            </Title>
            <Text size="sm" c="gray.8">
              {t('landing.hoursWeek')}
              <br />
              {t('landing.hoursSaturday')}
            </Text>
          </Card>
          <Card withBorder radius="md" p="md">
            <Title order={3} size="h5" mb={4}>
              {t('landing.contactAgents')}
            </Title>
            <Text size="sm" c="gray.8">
              {t('landing.contactAgentsText')}
            </Text>
          </Card>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Title order={3} size="h4" mb="sm">
            {t('landing.sendMessage')}
          </Title>
          <Suspense fallback={<Loader size="sm" role="status" aria-label={t('landing.loadingForm')} />}>
            <ContactForm />
          </Suspense>
        </Card>
      </Grid.Col>
    </Grid>
  );
}
