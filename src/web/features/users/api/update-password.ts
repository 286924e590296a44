// PATCH /api/admin/users/{id}/password: the farm store types a new password for someone; their
// sessions end.
import { useMutation } from '@tanstack/react-query';
import type { PasswordResetResponse } from '../../../../shared/users.ts';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_USERS_PATH } from './paths.ts';

export const updateUserPassword = ({ id, newPassword }: { id: number; newPassword: string }) =>
  api.patch<PasswordResetResponse>(`${ADMIN_USERS_PATH}/${id}/password`, { newPassword });

export const useUpdateUserPassword = () => useMutation({ mutationFn: updateUserPassword });
