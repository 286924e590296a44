// The list of market agents and suppliers (spec §2 User Management, the farm store dashboard's users
// tab): name, email, role badge, market location and business; Reset Password and Remove per user.
// `admin` types the new password inline (PATCH /api/admin/users/{id}/password); `dashboard` has the
// server generate one (POST /api/users/{id}/reset-password) and shows it once. The `admin` screen
// also lists removed users, each with Restore (decision 022).
import { Alert, Badge, Button, Card, Center, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { type ManagedUser, userMessages as m } from '../../../../shared/users.ts';
import { notifyError } from '../../../lib/notify.ts';
import { type UserStatus, useUsers } from '../api/get-users.ts';
import type { UsersVariant } from '../api/paths.ts';
import { GeneratedPasswordDialog } from './generated-password-dialog.tsx';
import { InlinePasswordReset } from './inline-password-reset.tsx';
import { RemoveUserDialog } from './remove-user-dialog.tsx';
import { RestoreUserButton } from './restore-user-button.tsx';
import { RoleBadge } from './role-badge.tsx';

const matches = (user: ManagedUser, search: string) =>
  [user.name, user.email, user.businessName ?? '', user.marketLocation ?? '']
    .join(' ')
    .toLowerCase()
    .includes(search.trim().toLowerCase());

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:{' '}
      </Text>
      {value}
    </Text>
  );
}

function UserRow({
  user,
  variant,
  resetting,
  onReset,
  onRemove,
  onResetDone,
}: {
  user: ManagedUser;
  variant: UsersVariant;
  resetting: boolean;
  onReset: () => void;
  onRemove: () => void;
  onResetDone: () => void;
}) {
  return (
    <Card withBorder radius="md" p="md" component="article" aria-label={user.name} data-testid="user-row">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {user.name}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
          </Stack>
          {/* Badges keep their width beside a long name or e-mail (never cut to '…'). */}
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {!user.isActive && (
              <Badge color="gray.8" variant="filled" autoContrast>
                Removed
              </Badge>
            )}
            <RoleBadge role={user.role} />
          </Group>
        </Group>
        {(user.marketLocation || user.businessName) && (
          <Stack gap={2}>
            {user.businessName && <Detail label="Business" value={user.businessName} />}
            {user.marketLocation && <Detail label="Market" value={user.marketLocation} />}
          </Stack>
        )}
        {!user.isActive ? (
          <RestoreUserButton user={user} />
        ) : resetting && variant === 'admin' ? (
          <InlinePasswordReset user={user} onDone={onResetDone} />
        ) : (
          <Group gap="xs">
            <Button variant="light" onClick={onReset} aria-label={`Reset Password for ${user.name}`}>
              Reset Password
            </Button>
            <Button variant="default" onClick={onRemove} aria-label={`Remove ${user.name}`}>
              Remove
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

const statusLabels: Record<UserStatus, string> = { active: 'Active users', removed: 'Removed users' };

export function UserList({ variant }: { variant: UsersVariant }) {
  // Only the User Management screen looks at removed users; the dashboard's tab lists the active ones.
  const [status, setStatus] = useState<UserStatus>('active');
  const users = useUsers(variant, status);
  const [search, setSearch] = useState('');
  const [resettingId, setResettingId] = useState<number | null>(null);
  const [removing, setRemoving] = useState<ManagedUser | null>(null);
  const [generating, setGenerating] = useState<ManagedUser | null>(null);
  const all = users.data?.pages.flat();
  const shown = all?.filter((u) => matches(u, search));

  // One toast when the list fails, not one per poll.
  useEffect(() => {
    if (users.isError) notifyError(m.fetchFailed);
  }, [users.isError]);

  return (
    <Card withBorder radius="md" p="lg">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          Market Agents and Suppliers
        </Title>
        {all && all.length > 0 && (
          <Text size="sm" c="dimmed" data-testid="user-count">
            {all.length === 1 ? '1 user' : `${all.length} users`}
            {users.hasNextPage ? ' shown' : ''}
          </Text>
        )}
      </Group>
      {variant === 'admin' && (
        <Button.Group mb="md" aria-label="Which users">
          {(['active', 'removed'] as const).map((value) => (
            <Button
              key={value}
              variant={status === value ? 'filled' : 'default'}
              aria-pressed={status === value}
              onClick={() => {
                setStatus(value);
                setResettingId(null);
              }}
            >
              {statusLabels[value]}
            </Button>
          ))}
        </Button.Group>
      )}
      {all && all.length > 0 && (
        <TextInput
          mb="md"
          label="Search users"
          placeholder="Name, email, business or market"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      )}
      {users.isPending ? (
        <Stack gap="sm">
          <Skeleton height={96} radius="md" />
          <Skeleton height={96} radius="md" />
        </Stack>
      ) : users.isError && !all ? (
        <Alert color="red" variant="light" role="alert">
          {m.fetchFailed}
        </Alert>
      ) : !shown || shown.length === 0 ? (
        <Stack align="center" gap={4} py="lg">
          <Title order={3} size="h5">
            {status === 'removed' && !search.trim() ? m.noRemovedUsers : m.noUsers}
          </Title>
          <Text size="sm" c="dimmed" ta="center">
            {search.trim()
              ? 'No market agent or supplier matches your search.'
              : status === 'removed'
                ? 'Users you remove appear here, and can be restored.'
                : 'Market agents and suppliers appear here once they register.'}
          </Text>
        </Stack>
      ) : (
        <Stack gap="sm">
          {shown.map((user) => (
            <UserRow
              key={user.id}
              user={user}
              variant={variant}
              resetting={resettingId === user.id}
              onReset={() => (variant === 'admin' ? setResettingId(user.id) : setGenerating(user))}
              onResetDone={() => setResettingId(null)}
              onRemove={() => setRemoving(user)}
            />
          ))}
        </Stack>
      )}
      {users.hasNextPage && (
        <Center mt="md">
          <Button variant="light" onClick={() => users.fetchNextPage()} loading={users.isFetchingNextPage}>
            Load more
          </Button>
        </Center>
      )}
      {removing && <RemoveUserDialog user={removing} variant={variant} onClose={() => setRemoving(null)} />}
      {generating && <GeneratedPasswordDialog user={generating} onClose={() => setGenerating(null)} />}
    </Card>
  );
}
