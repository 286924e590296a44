// One webhook delivery over HTTP (decision 063): a JSON POST signed with the endpoint's secret,
// `X-Cratekeeper-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`, sent to the address
// that was checked, redirects not followed, the answer read up to 64 KB, given up after the timeout.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Target } from './addresses.ts';

export const ANSWER_LIMIT_BYTES = 64 * 1024;

export type Outcome = { ok: boolean; statusCode: number | null; error: string | null };

export const signature = (secret: string, timestamp: number, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

export type Sendable = { deliveryId: string; eventType: string; createdAt: Date; data: unknown };

/** The body every delivery of this row carries, byte for byte (a resend is the same delivery). */
export const bodyOf = (d: Sendable) =>
  JSON.stringify({ id: d.deliveryId, type: d.eventType, createdAt: d.createdAt.toISOString(), data: d.data });

/** Posts the delivery to `target`; never throws: a failure is an outcome with its error. */
export function post(target: Target, secret: string, d: Sendable, timeoutMs: number): Promise<Outcome> {
  const body = bodyOf(d);
  const timestamp = Math.floor(Date.now() / 1000);
  // Connect to the checked address whatever the name resolves to now (TLS still checks the name).
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<Outcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = client.request(target.url, {
      method: 'POST',
      lookup: pinned,
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'Cratekeeper-Webhooks/1',
        'x-cratekeeper-event': d.eventType,
        'x-cratekeeper-delivery': d.deliveryId,
        'x-cratekeeper-timestamp': String(timestamp),
        'x-cratekeeper-signature': signature(secret, timestamp, body),
      },
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ ok: false, statusCode: null, error: `No answer within ${Math.round(timeoutMs / 1000)} s` });
    }, timeoutMs);
    request.on('error', (err) => finish({ ok: false, statusCode: null, error: err.message.slice(0, 300) }));
    request.on('response', (response) => {
      const code = response.statusCode ?? 0;
      // A redirect is an answer like any other non-2xx: never followed.
      const outcome: Outcome = {
        ok: code >= 200 && code < 300,
        statusCode: code,
        error: code >= 200 && code < 300 ? null : `Answered ${code}`,
      };
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > ANSWER_LIMIT_BYTES) {
          response.destroy();
          finish(outcome);
        }
      });
      response.on('end', () => finish(outcome));
      response.on('error', () => finish(outcome));
      response.on('close', () => finish(outcome));
    });
    request.end(body);
  });
}
