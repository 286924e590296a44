// Shapes every API response shares: the error body and list paging (DESIGN §6).
import { z } from 'zod';

export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

// Paging lives with the other request primitives; re-exported for the schemas that import it here.
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageQuery } from './fields.ts';

/** A moment in time: the server hands a Date, the wire carries its ISO 8601 string. */
export const instant = z.union([z.date(), z.iso.datetime({ offset: true })]);
