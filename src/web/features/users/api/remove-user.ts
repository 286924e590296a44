// DELETE /api/admin/users/{id} (User Management) or /api/users/{id} (the dashboard): the account is
// deactivated, its history kept and its sessions ended.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { USER_CHANGES, type UsersVariant, usersPath } from './paths.ts';

export const removeUser = (variant: UsersVariant, id: number) =>
  api.delete<{ message: string }>(`${usersPath(variant)}/${id}`);

export function useRemoveUser(variant: UsersVariant) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => removeUser(variant, id),
    onSuccess: () => void invalidateTags(queryClient, USER_CHANGES),
  });
}
