// The states of a list read from the server, shared by the activity log, the user list and the other
// paged lists: skeletons while the first page loads, the failure text when nothing could be read, what
// to say when there is nothing, then the list itself, and "Load more" while pages remain.
import { Alert, Button, Center, type MantineRadius, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n/use-t.ts';
import { useReadShows } from '../lib/offline/read-shows.ts';
import { useOnline } from '../lib/offline/status.ts';
import { NothingSaved } from './nothing-saved.tsx';

type LoadedListProps = {
  /** The first page has not arrived yet. */
  isPending: boolean;
  /** Reading failed and there is nothing to show (a failed refetch keeps the rows it had). */
  failed: boolean;
  failedMessage: string;
  isEmpty: boolean;
  /** What shows when there is nothing to list. */
  empty: ReactNode;
  /** The height of each of the two skeleton rows, about that of a row. */
  skeletonHeight: number;
  children: ReactNode;
};

export function LoadedList({
  isPending,
  failed,
  failedMessage,
  isEmpty,
  empty,
  skeletonHeight,
  children,
}: LoadedListProps) {
  // Offline with nothing kept: say so rather than load for ever or fail (decision 067).
  const online = useOnline();
  if ((isPending || failed) && !online) return <NothingSaved />;
  if (isPending)
    return (
      <Stack gap="sm">
        <Skeleton height={skeletonHeight} radius="md" />
        <Skeleton height={skeletonHeight} radius="md" />
      </Stack>
    );
  if (failed)
    return (
      <Alert color="red" variant="light" role="alert">
        {failedMessage}
      </Alert>
    );
  return isEmpty ? empty : children;
}

/** "Load more" under a paged list (an infinite query), while the server has more pages. */
export function LoadMoreButton({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  const t = useT();
  if (!query.hasNextPage) return null;
  return (
    <Center mt="md">
      <Button variant="light" onClick={() => query.fetchNextPage()} loading={query.isFetchingNextPage}>
        {t('components.loadMore')}
      </Button>
    </Center>
  );
}

type QueryListProps<T> = {
  /** A query for a list: its first read, whether the last read failed, and the rows. */
  query: { isPending: boolean; isError: boolean; data?: T[] };
  skeletonHeight: number;
  skeletonRadius?: MantineRadius;
  /** The red line while reading fails (the query retries on its own). */
  failed: string;
  /** What shows when there is nothing to list; a string is a dimmed line. */
  empty: ReactNode;
  children: (rows: T[]) => ReactNode;
};

/**
 * A card's list read from the server, in the cards' short form: a skeleton while it loads, the
 * failure in red, the empty line, or the rows.
 */
export function QueryList<T>({ query, skeletonHeight, skeletonRadius, failed, empty, children }: QueryListProps<T>) {
  const shows = useReadShows(query);
  if (shows === 'nothing-saved') return <NothingSaved />;
  if (query.isPending) return <Skeleton height={skeletonHeight} radius={skeletonRadius} />;
  if (!query.data) return <Text c="red">{failed}</Text>;
  if (query.data.length === 0) return typeof empty === 'string' ? <Text c="dimmed">{empty}</Text> : empty;
  return children(query.data);
}
