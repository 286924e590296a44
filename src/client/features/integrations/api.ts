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
const deliveriesKey = (id: number) => [WEBHOOKS, id, 'deliveries'] as const;

/**
 * An endpoint's recent deliveries. Not tagged: the sender records no change event, so it is read again
 * every 10 s and after a test or resend; a change event (the endpoint deleted) must not read it again.
 */
export const useDeliveries = (id: number) =>
  useQuery({
    queryKey: deliveriesKey(id),
    queryFn: () => api.get<Delivery[]>(`${WEBHOOKS}/${id}/deliveries`),
    refetchInterval: 10_000,
  });

function useChange<Vars, Answer>(send: (vars: Vars) => Promise<Answer>, hookOf?: (vars: Vars) => number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (_answer, vars) => {
      if (hookOf) void queryClient.invalidateQueries({ queryKey: deliveriesKey(hookOf(vars)) });
      void invalidateTags(queryClient, ['integrations']);
    },
  });
}

export const useCreateToken = () => useChange((body: ApiTokenBody) => api.post<CreatedApiToken>(TOKENS, body));
export const useRevokeToken = () => useChange((id: number) => api.delete<{ message: string }>(`${TOKENS}/${id}`));
export const useCreateWebhook = () => useChange((body: WebhookBody) => api.post<CreatedWebhook>(WEBHOOKS, body));
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`${WEBHOOKS}/${id}`),
    onSuccess: (_answer, id) => {
      // Gone from the list at once: its deliveries (untagged) unmount and are never asked for again (404).
      queryClient.setQueryData<Webhook[]>(webhooksQuery().queryKey, (old) => old?.filter((h) => h.id !== id));
      void invalidateTags(queryClient, ['integrations']);
    },
  });
}
export const useTestWebhook = () =>
  useChange(
    (id: number) => api.post<{ id: number }>(`${WEBHOOKS}/${id}/test`),
    (id) => id,
  );
export const useResendDelivery = () =>
  useChange(
    ({ id, deliveryId }: { id: number; deliveryId: number }) =>
      api.post<{ id: number }>(`${WEBHOOKS}/${id}/deliveries/${deliveryId}/resend`),
    ({ id }) => id,
  );
