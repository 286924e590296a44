// The contact tab: how to reach the farm, and the contact form (loaded with the tab).
import { Card, Grid, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';

const ContactForm = lazy(() => import('../../../features/contact/components/contact-form.tsx'));

export function ContactPanel() {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="sm">
          <Title order={2}>Contact the farm</Title>
          <Text c="gray.7">
            Questions about prices, deliveries, becoming an agent or supplier, or an engineering consultation? Send us a
            message and the farm store replies within one working day.
          </Text>
          <Card withBorder radius="md" p="md">
            <Title order={3} size="h5" mb={4}>
              Farm office hours
            </Title>
            <Text size="sm" c="gray.8">
              Monday to Friday, 07:00 to 16:30
              <br />
              Saturday, 07:00 to 12:00
            </Text>
          </Card>
          <Card withBorder radius="md" p="md">
            <Title order={3} size="h5" mb={4}>
              Market agents
            </Title>
            <Text size="sm" c="gray.8">
              Already an agent? Sign in to see your deliveries and crate balances, or message us about a delivery.
            </Text>
          </Card>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Title order={3} size="h4" mb="sm">
            Send a message
          </Title>
          <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the form" />}>
            <ContactForm />
          </Suspense>
        </Card>
      </Grid.Col>
    </Grid>
  );
}
