// The running app's door for `npm run backup` on the embedded database (decision 026). PGlite is
// one process's: a second process opening DATA_DIR/pglite while the app runs would damage it. So
// the app listens on a local socket inside DATA_DIR (only who may read DATA_DIR may connect), and
// the command asks it for the backup; restore asks too, and refuses while the app answers.
import { createHash } from 'node:crypto';
import { chmod, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

export type SocketRequest = { backup?: string };
export type SocketAnswer = { ok: true; result?: unknown } | { ok: false; error: string };

// Unix socket paths are limited to about 104 bytes; a deep DATA_DIR falls back to a shorter name.
const MAX_SOCKET_PATH = 100;

/**
 * Where the app whose embedded database is in `pgliteDir` listens: beside it, `DATA_DIR/pglite.sock`
 * (a named pipe on Windows). Keyed to the database's own directory, so a command always reaches
 * the process that has that database open.
 */
export function controlSocketPath(pgliteDir: string): string {
  const absolute = `${resolve(pgliteDir)}.sock`;
  const id = createHash('sha256').update(resolve(pgliteDir)).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\cratekeeper-${id}`;
  if (Buffer.byteLength(absolute) <= MAX_SOCKET_PATH) return absolute;
  const fromHere = relative(process.cwd(), absolute);
  if (Buffer.byteLength(fromHere) <= MAX_SOCKET_PATH) return fromHere;
  return join(tmpdir(), `cratekeeper-${id}.sock`);
}

/** Sends one request to the app on `path`; null when no app answers there. */
export async function askRunningApp(path: string, request: SocketRequest): Promise<SocketAnswer | null> {
  let socket: Socket;
  try {
    socket = await new Promise<Socket>((resolveSocket, reject) => {
      const s = createConnection(path, () => resolveSocket(s));
      s.once('error', reject);
    });
  } catch {
    return null; // no socket file, or a stale one left by a process that died
  }
  return new Promise<SocketAnswer>((resolveAnswer, reject) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.once('error', reject);
    socket.once('end', () => {
      try {
        resolveAnswer(JSON.parse(text) as SocketAnswer);
      } catch {
        reject(new Error('The running app gave an answer that could not be read.'));
      }
    });
    socket.end(`${JSON.stringify(request)}\n`);
  });
}

/**
 * Listens on `path` for requests, answering each with handle()'s result. Refuses to start when an
 * app already answers there: two processes on one embedded database would damage it.
 */
export async function listenForRequests(
  path: string,
  handle: (request: SocketRequest) => Promise<unknown>,
): Promise<{ close: () => Promise<void> }> {
  if (await askRunningApp(path, {})) {
    throw new Error(`Another Cratekeeper is already running on this data directory (it answers on ${path}).`);
  }
  if (process.platform !== 'win32') await rm(path, { force: true });
  // Half-open: the request ends its side, the answer still goes back.
  const server: Server = createServer({ allowHalfOpen: true }, (socket) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', async (chunk) => {
      text += chunk;
      if (text.length > 10_000) socket.destroy();
      if (!text.includes('\n')) return;
      socket.removeAllListeners('data');
      let answer: SocketAnswer;
      try {
        answer = { ok: true, result: await handle(JSON.parse(text) as SocketRequest) };
      } catch (err) {
        answer = { ok: false, error: (err as Error).message };
      }
      socket.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolveListen());
  });
  if (process.platform !== 'win32') await chmod(path, 0o600);
  return {
    close: async () => {
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
      if (process.platform !== 'win32') await rm(path, { force: true });
    },
  };
}
