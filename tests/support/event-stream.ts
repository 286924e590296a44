// Test helper: opens GET /api/events through app.inject (payloadAsStream) and parses the
// Server-Sent Events as they arrive, so a test can wait for one.
import type { App } from '../../src/server/app.ts';

export type SseMessage = { id?: string; event: string; data: string; comment?: string; at: number };

export type OpenStream = Awaited<ReturnType<typeof openEventStream>>;

export async function openEventStream(
  app: App,
  cookie: string,
  headers: Record<string, string> = {},
  url = '/api/events',
) {
  const res = await app.inject({ method: 'GET', url, headers: { cookie, ...headers }, payloadAsStream: true });
  const messages: SseMessage[] = [];
  let waiters: (() => void)[] = [];
  let ended = false;
  let buffer = '';
  const wake = () => {
    const w = waiters;
    waiters = [];
    for (const f of w) f();
  };

  if (res.statusCode === 200) {
    const body = res.stream();
    body.setEncoding('utf8');
    body.on('data', (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const message: SseMessage = { event: 'message', data: '', at: Date.now() };
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) message.comment = line.slice(1).trim();
          else if (line.startsWith('id: ')) message.id = line.slice(4);
          else if (line.startsWith('event: ')) message.event = line.slice(7);
          else if (line.startsWith('data: ')) message.data = line.slice(6);
        }
        messages.push(message);
        end = buffer.indexOf('\n\n');
      }
      wake();
    });
    const finish = () => {
      ended = true;
      wake();
    };
    body.on('end', finish);
    body.on('close', finish);
    body.on('error', finish);
  }

  /** Resolves with the first message (from `from` on) that matches, or rejects after `timeoutMs`. */
  const next = async (match: (m: SseMessage) => boolean, { from = 0, timeoutMs = 2000 } = {}) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.slice(from).find(match);
      if (found) return found;
      if (ended) throw new Error(`the stream ended without the message; got ${JSON.stringify(messages)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };

  const changes = () => messages.filter((m) => m.event === 'change').map((m) => JSON.parse(m.data).tags as string[]);

  return {
    res,
    messages,
    next,
    /** Tags of every change received so far. */
    changes,
    /** Waits for a change carrying `tag` after message number `from`. */
    nextChange: (tag: string, options?: { from?: number; timeoutMs?: number }) =>
      next((m) => m.event === 'change' && (JSON.parse(m.data).tags as string[]).includes(tag), options),
    get ended() {
      return ended;
    },
    /** Waits until the server ends the stream. */
    waitForEnd: async (timeoutMs = 2000) => {
      const deadline = Date.now() + timeoutMs;
      while (!ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      return ended;
    },
    /** The browser goes away. */
    disconnect: () => res.raw.res.destroy(),
  };
}
