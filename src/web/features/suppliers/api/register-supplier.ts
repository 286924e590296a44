// POST /api/auth/register-supplier: the wizard's sign-up; it does not sign in (decision 021).
import { useMutation } from '@tanstack/react-query';
import type { User } from '../../../../shared/auth.ts';
import type { RegisterSupplierInput } from '../../../../shared/suppliers.ts';
import { api } from '../../../lib/api-client.ts';

export const registerSupplier = (body: RegisterSupplierInput) =>
  api.post<{ user: User; message: string }>('/api/auth/register-supplier', body);

export const useRegisterSupplier = () => useMutation({ mutationFn: registerSupplier });
