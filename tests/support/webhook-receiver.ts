// A webhook receiver for the tests (decision 063): a real HTTP server on 127.0.0.1 that checks each
// delivery's signature as an integrator would (docs/api.md), keeps what came, and can be down.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

export type Received = {
  deliveryId: string;
  event: string;
  timestamp: string;
  signature: string;
  raw: string;
  body: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
  /** What the receiver answered. */
  answered: number;
  path: string;
};

/** The integrator's check: HMAC-SHA256 of "<timestamp>.<raw body>" with the secret, compared in constant time. */
export function verifySignature(secret: string, timestamp: string, raw: string, header: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex')}`);
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export async function startReceiver() {
  const received: Received[] = [];
  const state = {
    /** What the receiver answers: a status, or 'hang' (never answers), or a redirect. */
    answer: 200 as number | 'hang' | 'redirect' | 'huge',
  };
  const hanging: ServerResponse[] = [];
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const answer = state.answer;
      received.push({
        deliveryId: String(request.headers['x-cratekeeper-delivery']),
        event: String(request.headers['x-cratekeeper-event']),
        timestamp: String(request.headers['x-cratekeeper-timestamp']),
        signature: String(request.headers['x-cratekeeper-signature']),
        raw,
        body: raw ? JSON.parse(raw) : null,
        answered: typeof answer === 'number' ? answer : answer === 'redirect' ? 302 : answer === 'huge' ? 200 : 0,
        path: request.url ?? '',
      });
      if (answer === 'hang') return void hanging.push(response);
      if (answer === 'redirect') return void response.writeHead(302, { location: '/elsewhere' }).end();
      if (answer === 'huge') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        return void response.end('x'.repeat(1024 * 1024));
      }
      response.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
    });
  };
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  afterAll(async () => {
    for (const r of hanging) r.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    port,
    received,
    state,
    /** The deliveries answered 2xx, in the order they arrived. */
    accepted: () => received.filter((r) => r.answered >= 200 && r.answered < 300),
  };
}
