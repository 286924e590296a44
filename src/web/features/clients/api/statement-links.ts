// A client's statement link (decision 064): POST makes one (30 days), DELETE revokes it.
import { useMutation } from '@tanstack/react-query';
import type { StatementLink } from '../../../../shared/balance-statements.ts';
import { api } from '../../../lib/api-client.ts';

export const useCreateStatementLink = () =>
  useMutation({
    mutationFn: (clientId: number) => api.post<StatementLink>(`/api/clients/${clientId}/statement-links`),
  });

export const useRevokeStatementLink = () =>
  useMutation({
    mutationFn: ({ clientId, linkId }: { clientId: number; linkId: number }) =>
      api.delete<{ id: number; revoked: true }>(`/api/clients/${clientId}/statement-links/${linkId}`),
  });
