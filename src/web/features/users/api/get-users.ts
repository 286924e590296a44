// GET /api/admin/users and GET /api/users: active market agents and suppliers, newest first, a page
// at a time (?limit=&before=); `?status=removed` lists the removed ones (decision 022).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ManagedUser } from '../../../../shared/users.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { ADMIN_USERS_PATH, DASHBOARD_USERS_PATH, type UsersVariant } from './paths.ts';

export const USERS_PAGE_SIZE = 100;

export type UserStatus = 'active' | 'removed';

/** The list's path: the active users at the plain path, the removed ones with `?status=removed`. */
const listPath = (path: string, status: UserStatus) => (status === 'removed' ? `${path}?status=removed` : path);

export const getUsers = (path: string, before?: number) =>
  api.get<ManagedUser[]>(
    `${path}${path.includes('?') ? '&' : '?'}limit=${USERS_PAGE_SIZE}${before === undefined ? '' : `&before=${before}`}`,
  );

const usersQuery = (path: string) =>
  infiniteQueryOptions({
    queryKey: [path],
    meta: tagged('users', 'suppliers'),
    queryFn: ({ pageParam }) => getUsers(path, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length < USERS_PAGE_SIZE ? undefined : last[last.length - 1]?.id),
  });

export const adminUsersQueryOptions = (status: UserStatus = 'active') => usersQuery(listPath(ADMIN_USERS_PATH, status));
export const dashboardUsersQueryOptions = () => usersQuery(DASHBOARD_USERS_PATH);

export const useUsers = (variant: UsersVariant, status: UserStatus = 'active') =>
  useInfiniteQuery(variant === 'admin' ? adminUsersQueryOptions(status) : dashboardUsersQueryOptions());
