// Whole-screen states shared by every feature: loading, access denied, not found.
import { Button, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';

export function LoadingScreen() {
  return (
    <Center h="100vh">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">Loading...</Text>
      </Stack>
    </Center>
  );
}

/** A centred card with a title, a line of text and the way back to the dashboard. */
function MessageCard({ title, text }: { title: string; text: string }) {
  return (
    <Center py="xl">
      <Card withBorder radius="md" p="xl" maw={480} w="100%">
        <Stack align="center" gap="sm">
          <Title order={1} size="h3">
            {title}
          </Title>
          <Text ta="center" c="dimmed">
            {text}
          </Text>
          <Button component={Link} to={paths.dashboard.href()} variant="light">
            Back to dashboard
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}

export function AccessDenied({ message }: { message: string }) {
  return <MessageCard title="Access Denied" text={message} />;
}

export function NotFoundCard() {
  return <MessageCard title="Page Not Found" text="The page you are looking for does not exist or has moved." />;
}
