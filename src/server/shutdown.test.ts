// SIGTERM on the real server, as `npm start` runs it (node --import tsx
// src/server/index.ts) on an embedded database of its own: a request in flight when the signal comes
// is answered in full, an open event stream gets a short retry hint and ends, nothing new is accepted,
// and the process exits 0 well within 10 s. Run once, on the PGlite pass (shutdown does not depend on
// the database; the PostgreSQL pass reports it skipped).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../tests/support/ports.ts';
import { startServerProcess } from '../../tests/support/server-process.ts';

const onPostgres = process.env.TEST_DB === 'postgres';

let server: ChildProcess | null = null;
/** What the running server printed. */
let output = { output: () => '', forget: () => {} };
const dataDir = mkdtempSync(join(tmpdir(), 'cratekeeper-shutdown-'));
afterAll(() => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Resolves once the server's output has a line matching `pattern` (from `from` on). */
async function logged(pattern: RegExp, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (pattern.test(output.output())) return;
    if (server?.exitCode !== null) throw new Error(`the server exited:\n${output.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`the server never logged ${pattern}:\n${output.output().slice(-3000)}`);
}

/** GET /api/events as a browser: the raw text it receives, and when the stream ends. */
function openStream(base: string, cookie: string) {
  let text = '';
  const ended = new Promise<void>((resolve, reject) => {
    http
      .get(`${base}/api/events`, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', resolve);
        res.on('error', reject);
      })
      .on('error', reject);
  });
  return { ended, text: () => text };
}

it.skipIf(onPostgres)(
  'SIGTERM: the request in flight is answered, streams get a retry hint, the process exits 0 within 10 s',
  async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const started = startServerProcess({
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      FARM_ACCESS_CODE: 'SHUTDOWN-FARM',
      // debug: the server says when a request has arrived, so the signal comes while it is in flight.
      LOG_LEVEL: 'debug',
    });
    server = started.child;
    output = started;
    await logged(/Cratekeeper is running/);

    const register = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Shutdown Farm',
        email: 'farm@shutdown.test',
        password: 'secret123',
        role: 'farm_store',
        farmAccessCode: 'SHUTDOWN-FARM',
      }),
    });
    expect(register.status).toBe(200);
    const cookie = String(register.headers.get('set-cookie')).split(';')[0];
    const stream = openStream(base, cookie);
    await logged(/"path":"\/api\/events"/);
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);

    // A sign-in (argon2 at its real cost: tens of milliseconds) is in flight when the signal comes.
    output.forget();
    const signIn = fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify({ email: 'farm@shutdown.test', password: 'secret123' }),
    });
    await logged(
      /"msg":"request received".*"path":"\/api\/auth\/login"|"path":"\/api\/auth\/login".*"msg":"request received"/,
    );
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      server?.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    const signalled = Date.now();
    server.kill('SIGTERM');

    const answer = await signIn;
    expect(answer.status).toBe(200);
    expect((await answer.json()).user.email).toBe('farm@shutdown.test');
    await stream.ended;
    expect(stream.text()).toMatch(/retry: 500\n: shutting down\n\n$/);
    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeLessThan(10_000);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    expect(output.output()).toContain('SIGTERM received, shutting down');
  },
  180_000,
);
