// Idempotency-Key (decision 035), both sides: a signed-in caller may send a key of its own
// with any mutation; a repeat of the key gets the first answer and books nothing again. The phone's
// offline queue makes one key per queued change and sends it with every attempt.

/** The request header: 1 to 255 visible ASCII characters, made by the caller (a UUID is fine). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** On an answer given again from memory of the first: 'true'. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** Visible ASCII (0x21–0x7E), 1 to 255 characters: no spaces, no line breaks, nothing else. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** How long a key and its first answer are kept (at least; the hourly purge deletes older ones). */
export const IDEMPOTENCY_KEEP_DAYS = 7;

export const idempotencyMessages = {
  /** 400: the header is not a key. */
  invalidKey: 'Idempotency-Key must be 1 to 255 visible ASCII characters (no spaces or line breaks)',
  /** 400: sent on a route that needs no sign-in (sign-in, registration, the contact form). */
  notSignedIn: 'Idempotency-Key is accepted only on requests made while signed in',
  /** 422: the key was used before for another method, address or body. */
  reused: 'This Idempotency-Key was already used for a different request; send each change with a key of its own',
  /** 409 with Retry-After: the first request with this key is still being handled. */
  inProgress: 'A request with this Idempotency-Key is still being handled; try again in a moment',
  /**
   * 409: the first request with this key was saved, but its answer was lost in a server failure (it
   * will not be saved again). The latest data shows it.
   */
  answerLost:
    'This change was already saved, but its answer was lost in a server failure; it will not be saved again. Reload to see it',
  /** 409 to a request whose key was taken over by a later attempt after it stalled (nothing was saved). */
  takenOver: 'This request took too long and was sent again; the later attempt saves the change',
} as const;
