// The waiting changes in IndexedDB (decision 036): one database of their own, one entry per change,
// keyed by user and change, so one user's changes are never read for another on a shared phone, and a
// cancelled change is deleted, not marked (a reload can't bring it back).
import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import type { QueuedChange } from './changes.ts';
import type { ChangeStore } from './queue.ts';

export const QUEUE_DATABASE = 'cratekeeper-queue';

let store: UseStore | undefined;
const changesStore = () => {
  store ??= createStore(QUEUE_DATABASE, 'changes');
  return store;
};

const keyOf = (userId: number, id: string) => `${userId}:${id}`;

export const indexedDbChangeStore: ChangeStore = {
  async all(userId) {
    const prefix = `${userId}:`;
    return (await entries<string, QueuedChange>(changesStore()))
      .filter(([key]) => String(key).startsWith(prefix))
      .map(([, change]) => change);
  },
  put: (change) => set(keyOf(change.userId, change.id), change, changesStore()),
  remove: (userId, id) => del(keyOf(userId, id), changesStore()),
};
