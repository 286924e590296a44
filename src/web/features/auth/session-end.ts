// Why this browser's session ended, as the last session check said it (decision 040): the sign-in
// page says it, and the app goes there when a session it had ends that way. Cleared by any check that
// finds someone signed in, by signing in and by signing out (a deliberate sign-out says nothing).
import { useSyncExternalStore } from 'react';
import { isSessionEndReason, type SessionEndReason } from '../../../shared/auth-labels.ts';

let reason: SessionEndReason | null = null;
const listeners = new Set<() => void>();

export function setSessionEndReason(next: unknown) {
  const value = isSessionEndReason(next) ? next : null;
  if (value === reason) return;
  reason = value;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useSessionEndReason(): SessionEndReason | null {
  return useSyncExternalStore(subscribe, () => reason);
}
