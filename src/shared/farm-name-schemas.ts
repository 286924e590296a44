// The farm name's request and answer (decision 067), for the server and the Settings field.
import { z } from 'zod';
import { FARM_NAME_MAX, farmNameMessages } from './farm-name.ts';
import { requiredText } from './fields.ts';

/** PUT /api/farm-store/farm-name */
export const farmNameBody = z.strictObject({
  name: requiredText(farmNameMessages.required, FARM_NAME_MAX, farmNameMessages.tooLong),
});

export const farmNameResponse = z.object({
  name: z.string(),
  source: z.enum(['settings', 'configured', 'default']),
});
