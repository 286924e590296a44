// Whole-screen states shared by every feature: loading, access denied, not found.
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { useT } from '../lib/i18n/use-t.ts';
import { MessageCard } from './message-card.tsx';

export function LoadingScreen() {
  const t = useT();
  return (
    <Center h="100vh">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">{t('components.loadingScreen')}</Text>
      </Stack>
    </Center>
  );
}

/** A part of a screen (a tab, a section) whose code or first answers are on their way. */
export function SectionLoader() {
  const t = useT();
  return (
    <Center py="xl">
      <Loader role="status" aria-label={t('components.loading')} />
    </Center>
  );
}

/** A whole screen's message, centred, with the way back to the dashboard. */
function ScreenMessage({ title, text }: { title: string; text: string }) {
  const t = useT();
  return (
    <Center py="xl">
      <MessageCard screen title={title} text={text}>
        <Button component={Link} to={paths.dashboard.href()} variant="light">
          {t('components.backToDashboard')}
        </Button>
      </MessageCard>
    </Center>
  );
}

export function AccessDenied({ message }: { message: string }) {
  const t = useT();
  return <ScreenMessage title={t('components.accessDenied')} text={message} />;
}

export function NotFoundCard() {
  const t = useT();
  return <ScreenMessage title={t('components.notFound')} text={t('components.notFoundText')} />;
}
