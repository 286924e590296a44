// GET /api/admin/users and GET /api/users: active market agents and suppliers, newest first, a page
// at a time (?limit=&before=).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ManagedUser } from '../../../../shared/users.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { ADMIN_USERS_PATH, DASHBOARD_USERS_PATH, type UsersVariant } from './paths.ts';

export const USERS_PAGE_SIZE = 100;

export const getUsers = (path: string, before?: number) =>
  api.get<ManagedUser[]>(`${path}?limit=${USERS_PAGE_SIZE}${before === undefined ? '' : `&before=${before}`}`);

const usersQuery = (path: string) =>
  infiniteQueryOptions({
    queryKey: [path],
    meta: tagged('users', 'suppliers'),
    queryFn: ({ pageParam }) => getUsers(path, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length < USERS_PAGE_SIZE ? undefined : last[last.length - 1]?.id),
  });

export const adminUsersQueryOptions = () => usersQuery(ADMIN_USERS_PATH);
export const dashboardUsersQueryOptions = () => usersQuery(DASHBOARD_USERS_PATH);

export const useUsers = (variant: UsersVariant) =>
  useInfiniteQuery(variant === 'admin' ? adminUsersQueryOptions() : dashboardUsersQueryOptions());
