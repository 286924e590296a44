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
import { invalidateTags, tagged } from '../../lib/query-tags.ts';

const TOKENS = '/api/api-tokens';
const WEBHOOKS = '/api/webhooks';

const tokensQuery = () =>
  queryOptions({ queryKey: [TOKENS], queryFn: () => api.get<ApiToken[]>(TOKENS), meta: tagged('integrations') });
const webhooksQuery = () =>
  queryOptions({ queryKey: [WEBHOOKS], queryFn: () => api.get<Webhook[]>(WEBHOOKS), meta: tagged('integrations') });

export const useApiTokens = () => useQuery(tokensQuery());
export const useWebhooks = () => useQuery(webhooksQuery());
export const useDeliveries = (id: number) =>
  useQuery({
    queryKey: [WEBHOOKS, id, 'deliveries'],
    queryFn: () => api.get<Delivery[]>(`${WEBHOOKS}/${id}/deliveries`),
    meta: tagged('integrations'),
    // Deliveries change as the sender works, which records no change event: look again now and then.
    refetchInterval: 10_000,
  });

function useChange<Vars, Answer>(send: (vars: Vars) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => void invalidateTags(queryClient, ['integrations']) });
}

export const useCreateToken = () => useChange((body: ApiTokenBody) => api.post<CreatedApiToken>(TOKENS, body));
export const useRevokeToken = () => useChange((id: number) => api.delete<{ message: string }>(`${TOKENS}/${id}`));
export const useCreateWebhook = () => useChange((body: WebhookBody) => api.post<CreatedWebhook>(WEBHOOKS, body));
export const useDeleteWebhook = () => useChange((id: number) => api.delete<{ message: string }>(`${WEBHOOKS}/${id}`));
export const useTestWebhook = () => useChange((id: number) => api.post<{ id: number }>(`${WEBHOOKS}/${id}/test`));
export const useResendDelivery = () =>
  useChange(({ id, deliveryId }: { id: number; deliveryId: number }) =>
    api.post<{ id: number }>(`${WEBHOOKS}/${id}/deliveries/${deliveryId}/resend`),
  );
