// GET /api/pepper-pricing: the price list (public; the landing page and the farm store's editor).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PepperPricing } from '../../../../shared/pricing.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';

export const PEPPER_PRICING_PATH = '/api/pepper-pricing';

export const getPepperPricing = () => api.get<PepperPricing[]>(PEPPER_PRICING_PATH);

export const pepperPricingQueryOptions = () =>
  queryOptions({ queryKey: [PEPPER_PRICING_PATH], queryFn: getPepperPricing, meta: tagged('pricing') });

export const usePepperPricing = () => useQuery(pepperPricingQueryOptions());
