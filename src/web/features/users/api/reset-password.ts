// POST /api/users/{id}/reset-password (the dashboard's users tab): no password is sent, so the server
// generates a random one and returns it once (DESIGN §7: never a fixed default).
import { useMutation } from '@tanstack/react-query';
import type { PasswordResetResponse } from '../../../../shared/users.ts';
import { api } from '../../../lib/api-client.ts';
import { DASHBOARD_USERS_PATH } from './paths.ts';

export const resetUserPassword = (id: number) =>
  api.post<PasswordResetResponse>(`${DASHBOARD_USERS_PATH}/${id}/reset-password`);

export const useResetUserPassword = () => useMutation({ mutationFn: resetUserPassword });
