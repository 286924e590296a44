// Query invalidation by domain tag: every query declares in `meta.tags` which data it shows, and a
// change (a mutation here, or a live-update event from the server) invalidates every query with that tag.
import type { QueryClient } from '@tanstack/react-query';
import type { ChangeTag } from '../../shared/change-tags.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { tags?: readonly ChangeTag[] };
  }
}

/** The `meta` of a query that shows data of these domains. */
export const tagged = (...tags: ChangeTag[]) => ({ tags });

/** Refetches (or marks stale) every query tagged with any of `tags`. */
export function invalidateTags(queryClient: QueryClient, tags: readonly ChangeTag[]) {
  return queryClient.invalidateQueries({
    predicate: (query) => query.meta?.tags?.some((tag) => tags.includes(tag)) ?? false,
  });
}
