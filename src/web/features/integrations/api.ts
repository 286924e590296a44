// API tokens and webhooks (decision 063): Settings → API tokens and Settings → Webhooks read and change these.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiToken,
  ApiTokenBody,
  CreatedApiToken,
  CreatedWebhook,
  Delivery,
  Webhook,
  WebhookBody,
} from '../../../shared/integrations.ts';
import { api } from '../../lib/api-client.ts';
import { tagged } from '../../lib/query-tags.ts';

const TOKENS = '/api/api-tokens';
const WEBHOOKS = '/api/webhooks';

export const tokensQueryOptions = () =>
  queryOptions({ queryKey: [TOKENS], queryFn: () => api.get<ApiToken[]>(TOKENS), meta: tagged('integrations') });
export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: [WEBHOOKS], queryFn: () => api.get<Webhook[]>(WEBHOOKS), meta: tagged('integrations') });

export const useApiTokens = () => useQuery(tokensQueryOptions());
export const useWebhooks = () => useQuery(webhooksQueryOptions());
/**
 * An endpoint's recent deliveries. The sender records no change event, so it is also read again every
 * 10 s while shown.
 */
export const deliveriesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [WEBHOOKS, id, 'deliveries'],
    queryFn: () => api.get<Delivery[]>(`${WEBHOOKS}/${id}/deliveries`),
    meta: tagged('integrations'),
    refetchInterval: 10_000,
  });
export const useDeliveries = (id: number) => useQuery(deliveriesQueryOptions(id));

function useChange<Vars, Answer>(send: (vars: Vars) => Promise<Answer>) {
  return useMutation({ mutationFn: send });
}

export const useCreateToken = () => useChange((body: ApiTokenBody) => api.post<CreatedApiToken>(TOKENS, body));
export const useRevokeToken = () => useChange((id: number) => api.delete<{ message: string }>(`${TOKENS}/${id}`));
export const useCreateWebhook = () => useChange((body: WebhookBody) => api.post<CreatedWebhook>(WEBHOOKS, body));
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`${WEBHOOKS}/${id}`),
    onSuccess: (_answer, id) => {
      // Gone from the list at once (its deliveries were closed when Delete was pressed: they would be 404).
      queryClient.setQueryData<Webhook[]>(webhooksQueryOptions().queryKey, (old) => old?.filter((h) => h.id !== id));
    },
  });
}
export const useTestWebhook = () => useChange((id: number) => api.post<{ id: number }>(`${WEBHOOKS}/${id}/test`));
export const useResendDelivery = () =>
  useChange(({ id, deliveryId }: { id: number; deliveryId: number }) =>
    api.post<{ id: number }>(`${WEBHOOKS}/${id}/deliveries/${deliveryId}/resend`),
  );
