// Shapes every API response shares: the error body and list paging (DESIGN §6).
import { z } from 'zod';

export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;

export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  before: z.coerce.number().int().positive().optional(),
});

/** A moment in time: the server hands a Date, the wire carries its ISO 8601 string. */
export const instant = z.union([z.date(), z.iso.datetime({ offset: true })]);
