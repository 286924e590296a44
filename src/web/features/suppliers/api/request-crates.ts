// A supplier's crate request: POST /api/transmissions {type: 'supplier_to_farm', quantity, notes}
// (DESIGN §7: addressed to the farm store role).
import { useMutation } from '@tanstack/react-query';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { api } from '../../../lib/api-client.ts';
import { TRANSMISSIONS_PATH } from './paths.ts';

export const requestCrates = (body: { quantity: number; notes?: string }) =>
  api.post<Transmission>(TRANSMISSIONS_PATH, { type: 'supplier_to_farm', ...body });

/** Its answer announces what it changed (transmissions, crates, suppliers): the screens refresh from it (decision 072). */
export const useRequestCrates = () => useMutation({ mutationFn: requestCrates });
