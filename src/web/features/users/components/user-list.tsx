// The list of market agents and suppliers (spec §2 User Management, the farm store dashboard's users
// tab): name, email, role badge, market location and business; Reset Password and Remove per user.
// `admin` types the new password inline (PATCH /api/admin/users/{id}/password); `dashboard` has the
// server generate one (POST /api/users/{id}/reset-password) and shows it once. The `admin` screen
// also lists removed users, each with Restore (decision 022).

import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ManagedUser } from '../../../../shared/users.ts';
import { destructiveButton } from '../../../components/confirm-dialog.tsx';
import { LoadedList, LoadMoreButton } from '../../../components/list-states.tsx';
import { NameLines } from '../../../components/name-lines.tsx';
import { RemovedBadge } from '../../../components/removed-badge.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { t as translate } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
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

// Long: one user's card layout; which actions show is the server's say (canRestore, canReset, canRemove).
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
  const t = useT();
  return (
    <Card withBorder radius="md" p="md" component="article" aria-label={user.name} data-testid="user-row">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <NameLines name={user.name} detail={user.email} />
          {/* Badges keep their width beside a long name or e-mail (never cut to '…'). */}
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {!user.isActive && <RemovedBadge />}
            <RoleBadge role={user.role} />
          </Group>
        </Group>
        {(user.marketLocation || user.businessName) && (
          <Stack gap={2}>
            {user.businessName && <Detail label={t('users.business')} value={user.businessName} />}
            {user.marketLocation && <Detail label={t('users.market')} value={user.marketLocation} />}
          </Stack>
        )}
        {/* The server says what may be done with the account (canRestore, canReset, canRemove). */}
        {user.canRestore && <RestoreUserButton user={user} />}
        {resetting && variant === 'admin' && user.canReset ? (
          <InlinePasswordReset user={user} onDone={onResetDone} />
        ) : (
          (user.canReset || user.canRemove) && (
            <Group gap="xs">
              {user.canReset && (
                <Button variant="light" onClick={onReset} aria-label={t('users.resetPasswordFor', { name: user.name })}>
                  {t('users.resetPassword')}
                </Button>
              )}
              {user.canRemove && (
                <Button
                  {...destructiveButton}
                  onClick={onRemove}
                  aria-label={t('users.removeName', { name: user.name })}
                >
                  {t('users.remove')}
                </Button>
              )}
            </Group>
          )
        )}
      </Stack>
    </Card>
  );
}

const statusKeys: Record<UserStatus, string> = { active: 'users.activeUsers', removed: 'users.removedUsers' };

/** Active or removed users: the User Management screen's toggle (decision 022). */
function StatusToggle({ status, onChange }: { status: UserStatus; onChange: (status: UserStatus) => void }) {
  const t = useT();
  return (
    <Button.Group mb="md" aria-label={t('users.whichUsers')}>
      {(['active', 'removed'] as const).map((value) => (
        <Button
          key={value}
          variant={status === value ? 'filled' : 'default'}
          aria-pressed={status === value}
          onClick={() => onChange(value)}
        >
          {t(statusKeys[value])}
        </Button>
      ))}
    </Button.Group>
  );
}

function NoUsers({ status, searching }: { status: UserStatus; searching: boolean }) {
  const t = useT();
  const hint = searching ? t('users.noMatch') : status === 'removed' ? t('users.removedHint') : t('users.activeHint');
  return (
    <Stack align="center" gap={4} py="lg">
      <Title order={3} size="h5">
        {status === 'removed' && !searching ? t('users.noRemovedUsers') : t('users.noUsers')}
      </Title>
      <Text size="sm" c="dimmed" ta="center">
        {hint}
      </Text>
    </Stack>
  );
}

function UserListHeader({ count, more }: { count: number; more: boolean }) {
  const t = useT();
  return (
    <Group justify="space-between" mb="sm" gap="xs">
      <Title order={2} size="h4">
        {t('users.listTitle')}
      </Title>
      {count > 0 && (
        <Text size="sm" c="dimmed" data-testid="user-count">
          {t(more ? 'users.userCountShown' : 'users.userCount', { count })}
        </Text>
      )}
    </Group>
  );
}

// Long: the user list's layout (header, toggle, search, the rows, the dialogs); its states are LoadedList's.
export function UserList({ variant }: { variant: UsersVariant }) {
  // Only the User Management screen looks at removed users; the dashboard's tab lists the active ones.
  const t = useT();
  const [status, setStatus] = useState<UserStatus>('active');
  const users = useUsers(variant, status);
  const [search, setSearch] = useState('');
  const [resettingId, setResettingId] = useState<number | null>(null);
  const [removing, setRemoving] = useState<ManagedUser | null>(null);
  const [generating, setGenerating] = useState<ManagedUser | null>(null);
  const all = users.data?.pages.flat() ?? [];
  const shown = all.filter((u) => matches(u, search));

  // One toast when the list fails, not one per poll.
  useEffect(() => {
    if (users.isError) notifyError(translate('users.fetchFailed'));
  }, [users.isError]);

  return (
    <Card withBorder radius="md" p="lg">
      <UserListHeader count={all.length} more={users.hasNextPage} />
      {variant === 'admin' && (
        <StatusToggle
          status={status}
          onChange={(value) => {
            setStatus(value);
            setResettingId(null);
          }}
        />
      )}
      {all.length > 0 && (
        <SearchField
          mb="md"
          label={t('users.searchUsers')}
          placeholder={t('users.searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
      )}
      <LoadedList
        isPending={users.isPending}
        failed={users.isError && !users.data}
        failedMessage={t('users.fetchFailed')}
        isEmpty={shown.length === 0}
        empty={<NoUsers status={status} searching={!!search.trim()} />}
        skeletonHeight={96}
      >
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
      </LoadedList>
      <LoadMoreButton query={users} />
      {removing && <RemoveUserDialog user={removing} variant={variant} onClose={() => setRemoving(null)} />}
      {generating && <GeneratedPasswordDialog user={generating} onClose={() => setGenerating(null)} />}
    </Card>
  );
}
