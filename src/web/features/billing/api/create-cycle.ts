// POST /api/billing/create-cycle: a new cycle (409 when its dates overlap another); it bills the
// unbilled returns its dates cover, and a start inside the running cycle ends that one the day before.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingCycle, CreateCycleInput } from '../../../../shared/billing.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { CREATE_CYCLE_PATH } from './paths.ts';

export const createCycle = (body: CreateCycleInput) => api.post<BillingCycle>(CREATE_CYCLE_PATH, body);

export function useCreateCycle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCycle,
    // A new cycle also changes the return rate on the Market Agents screen (spec §9).
    // Only what the answer does not announce ('billing' it does): 'crates' (decision 072).
    onSuccess: () => void invalidateTags(queryClient, ['crates']),
  });
}
