// What a change made on the phone is while it waits to be sent (decision 036): the request
// as it will go out, with the Idempotency-Key made for it on the phone, and the words the agent reads
// in the list of waiting changes. Plain data, so it can live in IndexedDB and go between tabs.
import { t } from '../i18n/language.ts';

/** The agent's actions that can wait on the phone. */
export type ChangeKind =
  | 'acknowledge'
  | 'lend'
  | 'return'
  | 'send-empties'
  | 'add-client'
  | 'edit-client'
  /** A photo (and note) of damaged crates or a disputed count, chosen with or after its change (decision 061). */
  | 'attach-photo';

export type ChangeRequest = { method: 'POST' | 'PUT' | 'PATCH'; path: string; body: Record<string, unknown> };

/** What the agent sees of a change, and which record it is about (for the notes on screens). */
export type ChangeLabel = {
  kind: ChangeKind;
  /** "Lend crates", "Acknowledge delivery", …: the action in the list. */
  what: string;
  /** The client, the sender of a delivery, "the farm store". */
  who: string;
  /** How many crates, for the actions that move crates. */
  crates: number | null;
  /** The delivery, client or loan it is about. */
  subject?: { transmissionId?: number; clientId?: number; loanId?: number };
};

export type QueuedChange = ChangeLabel &
  ChangeRequest & {
    /** The change's own id: stays when the change is edited. */
    id: string;
    /** The Idempotency-Key of the request as it is now: a new one when the change is edited. */
    key: string;
    userId: number;
    /** When the agent made the change (ms since 1970); the queue sends in this order. */
    queuedAt: number;
    /**
     * An attempt went out and no answer came back: the farm's server may already have booked it, so
     * it can no longer be cancelled or edited, only sent again with the same key (which books it at
     * most once).
     */
    attempted: boolean;
    /** The server refused it: the queue stops here until the agent cancels, edits or retries it. */
    refusal: { status: number; message: string } | null;
    /**
     * A lend queued together with the client it lends to (the dashboard's "add a client and lend"):
     * the client's id comes from the answer to that change, which is sent first.
     */
    clientFrom?: string;
    /**
     * A photo chosen for a change still waiting on the phone (decision 061): it goes only once that
     * change is booked, and is cancelled with it.
     */
    after?: string;
  };

/** What became of one attempt to send a change. */
export type SendOutcome =
  /** Booked (or booked before: a replayed answer, or one lost in a server failure). */
  | { kind: 'sent'; answer: unknown }
  /** No answer, or the server failed or is busy: try again later with the same key. */
  | { kind: 'unreachable'; reachedServer: boolean }
  /** The first attempt with this key is still being handled: ask again after this long. */
  | { kind: 'wait'; ms: number }
  /** The session ended: the change waits until its agent signs in again. */
  | { kind: 'signed-out' }
  | { kind: 'refused'; status: number; message: string };

/** The queue's order: when the change was made, then its id (two made in the same millisecond). */
export const inQueueOrder = (a: QueuedChange, b: QueuedChange) => a.queuedAt - b.queuedAt || a.id.localeCompare(b.id);

/** Which field of a change's body holds its count of crates, for the kinds that move crates. */
export const COUNT_FIELD: Partial<Record<ChangeKind, string>> = {
  acknowledge: 'actualQuantity',
  lend: 'quantityBorrowed',
  return: 'quantityReturned',
  'send-empties': 'quantity',
};

/** "Offline — 2 changes waiting to send" (decision 036: "no changes" for 0, "1 change" for 1). */
export const waitingText = (n: number): string => t('offline.waitingText', { n });
