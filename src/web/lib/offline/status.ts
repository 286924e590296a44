// Where the phone stands (decision 036), for the screens: online or not, the waiting changes as last
// read from the queue, which one is being sent and why sending stopped. Small and free of IndexedDB,
// so the signed-in frame can show it without loading the queue's code (which loads after first paint).
import { useSyncExternalStore } from 'react';
import type { QueuedChange } from './changes.ts';
import type { DrainStop } from './queue.ts';

export type QueueStatus = {
  changes: readonly QueuedChange[];
  sendingId: string | null;
  /** Why the last run of the queue stopped, while changes are still waiting. */
  stoppedBy: DrainStop | null;
};

let status: QueueStatus = { changes: [], sendingId: null, stoppedBy: null };
const listeners = new Set<() => void>();

export function setQueueStatus(next: Partial<QueueStatus>) {
  status = { ...status, ...next };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const queueStatus = () => status;

/** The waiting changes, the one being sent, why sending stopped. */
export const useQueueStatus = () => useSyncExternalStore(subscribe, queueStatus, queueStatus);

/** The waiting changes about one delivery, client or loan (the notes on screens). */
export function useQueuedFor(subject: { transmissionId?: number; clientId?: number; loanId?: number }) {
  const { changes } = useQueueStatus();
  return changes.filter(
    (c) =>
      (subject.transmissionId !== undefined && c.subject?.transmissionId === subject.transmissionId) ||
      (subject.clientId !== undefined && c.subject?.clientId === subject.clientId) ||
      (subject.loanId !== undefined && c.subject?.loanId === subject.loanId),
  );
}

/** Crates the waiting changes of one kind will take (lends from full crates, empties sent back). */
export function useQueuedCrates(kind: QueuedChange['kind'], subject?: { loanId?: number }) {
  const { changes } = useQueueStatus();
  return changes
    .filter((c) => c.kind === kind && (subject?.loanId === undefined || c.subject?.loanId === subject.loanId))
    .reduce((sum, c) => sum + (c.crates ?? 0), 0);
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

const isOnline = () => navigator.onLine;

/** What the browser says about the network: false when it knows it has none. */
export const useOnline = () => useSyncExternalStore(subscribeOnline, isOnline, () => true);
