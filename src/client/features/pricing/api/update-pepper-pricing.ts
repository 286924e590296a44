// PATCH /api/pepper-pricing/{id}: the farm store's price editor (cents and availability).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PepperPricing, UpdatePricingBody } from '../../../../shared/pricing.ts';
import { api } from '../../../lib/api-client.ts';
import { PEPPER_PRICING_PATH, pepperPricingQueryOptions } from './get-pepper-pricing.ts';
import { isPricingHistoryKey } from './get-pricing-history.ts';

export const updatePepperPricing = ({ id, ...body }: UpdatePricingBody & { id: number }) =>
  api.patch<PepperPricing>(`${PEPPER_PRICING_PATH}/${id}`, body);

export function useUpdatePepperPricing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePepperPricing,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pepperPricingQueryOptions().queryKey }),
        // A price change appends a history point, so every range's chart is stale.
        queryClient.invalidateQueries({ predicate: (query) => isPricingHistoryKey(query.queryKey) }),
      ]),
  });
}
