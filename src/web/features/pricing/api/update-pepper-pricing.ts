// PATCH /api/pepper-pricing/{id}: the farm store's price editor (cents and availability).
import { useMutation } from '@tanstack/react-query';
import type { PepperPricing, UpdatePricingBody } from '../../../../shared/pricing.ts';
import { api } from '../../../lib/api-client.ts';
import { PEPPER_PRICING_PATH } from './get-pepper-pricing.ts';

export const updatePepperPricing = ({ id, ...body }: UpdatePricingBody & { id: number }) =>
  api.patch<PepperPricing>(`${PEPPER_PRICING_PATH}/${id}`, body);

export function useUpdatePepperPricing() {
  return useMutation({
    mutationFn: updatePepperPricing,
    // The price list and, since a change appends a history point, every range's chart.
  });
}
