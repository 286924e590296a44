// The user-management API paths (spec §7 Users): the User Management screen's admin variant and the
// farm store dashboard's users tab; the path is the first part of each query key.
import type { ChangeTag } from '../../../../shared/change-tags.ts';

export type UsersVariant = 'admin' | 'dashboard';

export const ADMIN_USERS_PATH = '/api/admin/users';
export const DASHBOARD_USERS_PATH = '/api/users';

export const usersPath = (variant: UsersVariant) => (variant === 'admin' ? ADMIN_USERS_PATH : DASHBOARD_USERS_PATH);

/**
 * What a removal or a restore changes beyond the 'users' its answer announces (decision 072): for a
 * supplier, the supplier screens.
 */
export const USER_CHANGES: readonly ChangeTag[] = ['suppliers'];
