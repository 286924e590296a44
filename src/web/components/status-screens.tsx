// Whole-screen states shared by every feature: loading, access denied, not found.
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { MessageCard } from './message-card.tsx';

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

/** A part of a screen (a tab, a section) whose code or first answers are on their way. */
export function SectionLoader() {
  return (
    <Center py="xl">
      <Loader role="status" aria-label="Loading" />
    </Center>
  );
}

/** A whole screen's message, centred, with the way back to the dashboard. */
function ScreenMessage({ title, text }: { title: string; text: string }) {
  return (
    <Center py="xl">
      <MessageCard screen title={title} text={text}>
        <Button component={Link} to={paths.dashboard.href()} variant="light">
          Back to dashboard
        </Button>
      </MessageCard>
    </Center>
  );
}

export function AccessDenied({ message }: { message: string }) {
  return <ScreenMessage title="Access Denied" text={message} />;
}

export function NotFoundCard() {
  return <ScreenMessage title="Page Not Found" text="The page you are looking for does not exist or has moved." />;
}
