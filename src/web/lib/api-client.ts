// The one way the client talks to the API (spec §7, §8): cookies always, JSON bodies, and any
// non-OK response becomes an ApiError whose message is "<status>: <body text or status text>".
import { takeEarlyAnswer } from '../boot.ts';
import { currentLanguage } from './i18n/language.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's own message from a JSON error body, when it sent one. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.bodyText) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : undefined;
    } catch {
      return undefined;
    }
  }

  /** Field messages from a 400 response, keyed by field name. */
  get fieldErrors(): Record<string, string> {
    try {
      return (JSON.parse(this.bodyText) as { errors?: Record<string, string> }).errors ?? {};
    } catch {
      return {};
    }
  }
}

/**
 * The one error text for a toast or a form: the spec's failure text first (people and tests look for
 * it), then the server's reason when it gave one that says more — "Failed to create transmission. Not
 * enough crates in farm stock: 0 available".
 */
export function errorMessage(error: unknown, fallback: string): string {
  const reason = error instanceof ApiError ? error.serverMessage : undefined;
  if (!reason || fallback.includes(reason)) return fallback;
  return `${/[.!?]$/.test(fallback) ? fallback : `${fallback}.`} ${reason}`;
}

/**
 * The newest change the browser knows of, from a write's answer (x-change-id) or the event stream. Reads
 * name it (x-seen-change), so a server instance that has not heard of it yet answers from its database
 * rather than its memory (decision 032).
 */
let seenChange = 0;

export function noteSeenChange(id: number) {
  if (Number.isSafeInteger(id) && id > seenChange) seenChange = id;
}

/** The changes a write's answer says it made: their ids and the tags they name (x-change-ids, x-change-tags). */
export type AnsweredChanges = { ids: number[]; tags: string[] };

const answeredListeners = new Set<(changes: AnsweredChanges) => void>();

/** Hears every write's changes from its answer (live-updates.ts refreshes the screens from them); returns the stop. */
export function onAnsweredChanges(listener: (changes: AnsweredChanges) => void): () => void {
  answeredListeners.add(listener);
  return () => answeredListeners.delete(listener);
}

const SIGN_OUT_PATH = '/api/auth/logout';

const listOf = (header: string | null) => (header ? header.split(',').filter(Boolean) : []);

/**
 * Reads what an answer says about changes: the newest (for reads to name) and, for a write that made
 * some, each one with its tags, told to the listeners — this browser's screens refresh once per change
 * from the answer, and skip the same change when the event stream brings it (decision 072).
 */
export function noteAnswer(res: Response) {
  noteSeenChange(Number(res.headers.get('x-change-id') ?? 0));
  // A sign-out's change refreshes nothing here: the session those reads would need has just ended,
  // and every screen of it goes (useLogout).
  if (res.url.endsWith(SIGN_OUT_PATH)) return;
  const ids = listOf(res.headers.get('x-change-ids')).map(Number).filter(Number.isSafeInteger);
  if (ids.length === 0) return;
  const changes = { ids, tags: listOf(res.headers.get('x-change-tags')) };
  for (const listener of answeredListeners) listener(changes);
}

/** The last answer to each read with its ETag: sent back as If-None-Match, reused on 304 Not Modified. */
const answers = new Map<string, { etag: string; text: string }>();
const KEPT_ANSWERS = 200;

/** Forgets every kept answer (sign-out: the next person starts from nothing). */
export function forgetAnswers() {
  answers.clear();
  seenChange = 0;
}

function keepAnswer(path: string, etag: string, text: string) {
  answers.delete(path);
  answers.set(path, { etag, text });
  if (answers.size > KEPT_ANSWERS) answers.delete(answers.keys().next().value as string);
}

/** Sends a request with the session cookie; a non-OK response throws ApiError. */
async function send(method: string, path: string, body?: unknown, accept?: string): Promise<Response> {
  const headers: Record<string, string> = accept ? { Accept: accept } : {};
  // The server answers a refusal in the language on the screen, signed in or not (decision 065).
  headers['Accept-Language'] = currentLanguage();
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  // A document asked for by Accept (a statement's PDF) is never the JSON answer kept for its path.
  if (method === 'GET') {
    const kept = accept ? undefined : answers.get(path);
    if (kept) headers['If-None-Match'] = kept.etag;
    if (seenChange > 0) headers['X-Seen-Change'] = String(seenChange);
  }
  // A first read the page's first script already sent (boot.ts, decision 033) is taken as it is: it
  // was sent the same way, and before any write this page could know of.
  const early =
    method === 'GET' && !accept && !headers['If-None-Match'] && seenChange === 0 ? takeEarlyAnswer(path) : undefined;
  const res = await (early ??
    fetch(path, {
      method,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }));
  noteAnswer(res);
  if (!res.ok && res.status !== 304) throw new ApiError(res.status, await res.text(), res.statusText);
  return res;
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await send(method, path, body);
  const text = res.status === 304 ? (answers.get(path)?.text ?? '') : await res.text();
  const etag = res.headers.get('etag');
  if (method === 'GET' && etag && res.status === 200) keepAnswer(path, etag, text);
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/**
 * Downloads a response body as a file (exports, statements, PDFs), named as the server says unless
 * `options.name` fixes the name (the billing statement is named by its cycle's end date, spec §7).
 */
export async function downloadFile(
  method: 'GET' | 'POST',
  path: string,
  fallbackName: string,
  body?: unknown,
  options: { name?: string; accept?: string } = {},
) {
  const res = await send(method, path, body, options.accept);
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = options.name ?? /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  saveBlob(await res.blob(), name);
  return name;
}

/** Offers `blob` to the browser as a file download named `name`. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
