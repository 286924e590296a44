// The foot of the sidebar: who is signed in (name and e-mail) and the Sign Out button.
import { Avatar, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api.ts';
import { useUser } from '../../lib/current-user.tsx';
import { useT } from '../../lib/i18n/use-t.ts';
import { waitingText } from '../../lib/offline/changes.ts';
import { useQueueStatus } from '../../lib/offline/status.ts';
import { paths } from '../paths.ts';

export function SignedInUser() {
  const t = useT();
  const user = useUser();
  const navigate = useNavigate();
  const logout = useLogout();
  const waiting = useQueueStatus().changes.length;
  const [confirming, setConfirming] = useState(false);
  const signOut = () => logout.mutate(undefined, { onSettled: () => navigate(paths.home.href()) });
  // Changes made offline and not sent yet would be lost: the agent chooses (decision 036).
  const discardAndSignOut = async () => {
    await (await import('../../lib/offline/runtime.ts')).discardAllChanges();
    setConfirming(false);
    signOut();
  };
  return (
    <>
      <Group gap="sm" wrap="nowrap" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Avatar color="green" radius="xl">
          {user.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </div>
      </Group>
      <Button
        fullWidth
        variant="light"
        color="gray"
        leftSection={<IconLogout size={16} />}
        loading={logout.isPending}
        onClick={() => (waiting > 0 ? setConfirming(true) : signOut())}
      >
        {t('app.signOut')}
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('app.changesNotSent')} centered>
        <Stack>
          <Text size="sm">{t('app.discardWarning', { waiting: waitingText(waiting) })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('app.staySignedIn')}
            </Button>
            <Button color="red" onClick={() => void discardAndSignOut()}>
              {t('app.discardAndSignOut')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
