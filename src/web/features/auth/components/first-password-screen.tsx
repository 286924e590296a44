// A printed first password (an import, decision 050): until the user chooses their own, this is the
// only screen, and the server refuses every other signed-in call with 403.
import { Alert, Button, Card, Container, Group, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n/use-t.ts';
import { recheckSession, useLogout } from '../api.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

export function FirstPasswordScreen() {
  const t = useT();
  const queryClient = useQueryClient();
  const logout = useLogout();
  return (
    <Container size="xs" py="xl" component="main">
      <Card withBorder radius="md" p="lg">
        <Stack>
          <Title order={1} size="h3">
            {t('auth.changeMyPassword')}
          </Title>
          <Alert color="blue" role="status">
            {t('auth.mustChangePassword')}
          </Alert>
          {/* The new session carries the cleared flag: asking again opens the app. */}
          <ChangePasswordForm onDone={() => void recheckSession(queryClient).catch(() => undefined)} />
          <Group>
            <Button variant="subtle" onClick={() => logout.mutate()} loading={logout.isPending}>
              {t('auth.signOut')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Container>
  );
}
