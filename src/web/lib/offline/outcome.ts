// How one attempt to send a waiting change ended, read from the server's answer (decision 036): the
// Idempotency-Key's statuses (src/shared/idempotency.ts) and the usual ones.

import offlineEnglish from '../../../shared/i18n/en/offline.json' with { type: 'json' };
import { addEnglish, english } from '../../../shared/i18n/english.ts';
import { idempotencyMessages } from '../../../shared/idempotency.ts';
import type { SendOutcome } from './changes.ts';

addEnglish({ offline: offlineEnglish });

/** Retry-After as seconds (the server sends 1), in ms; a date or nothing waits a second. */
export function retryAfterMs(header: string | null): number {
  const seconds = header?.trim() ? Number(header) : Number.NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 60) * 1000 : 1000;
}

function messageOf(bodyText: string, fallback: string): string {
  try {
    const parsed = JSON.parse(bodyText) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
  } catch {
    // not JSON: the status text says it
  }
  return bodyText.trim() || fallback;
}

function parsed(bodyText: string): unknown {
  try {
    return bodyText ? JSON.parse(bodyText) : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the server's answer to one attempt (decision 036 lists the rules). */
export function outcomeOf(status: number, bodyText: string, retryAfter: string | null): SendOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent', answer: parsed(bodyText) };
  if (status === 401) return { kind: 'signed-out' };
  // Not kept by the server: the key is free again, the next attempt is the first.
  if (status >= 500 || status === 429 || status === 408) return { kind: 'unreachable', reachedServer: true };
  const message = messageOf(bodyText, english('offline.serverAnswered', { status }));
  if (status === 409) {
    if (message === idempotencyMessages.inProgress) return { kind: 'wait', ms: retryAfterMs(retryAfter) };
    // An earlier attempt of ours stalled and this one took over, or the reverse: ask again.
    if (message === idempotencyMessages.takenOver) return { kind: 'wait', ms: retryAfterMs(retryAfter) };
    // Booked, its answer lost in a server failure: it will not be booked again.
    if (message === idempotencyMessages.answerLost) return { kind: 'sent', answer: undefined };
  }
  return { kind: 'refused', status, message };
}
