// The spec's failure text first (tests and people look for it), then the server's reason if any.
import { ApiError } from '../../../lib/api-client.ts';

export function failureMessage(error: unknown, fallback: string): string {
  const reason = error instanceof ApiError ? error.serverMessage : undefined;
  return reason && reason !== fallback ? `${fallback}. ${reason}` : fallback;
}
