// A real SMTP peer for tests (DESIGN §1): smtp-server on a loopback port that keeps what it receives,
// and a loopback port nothing listens on (the "SMTP down" case) that a peer can later start on.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { freePort } from './ports.ts';

export type ReceivedMail = { from: string; to: string[]; data: string };

export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 20 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { port: address.port, received, close };
}

/** A loopback port that nothing listens on: connections are refused at once. */
export const closedPort = freePort;

/** The decoded bytes of the MIME part whose filename is `filename` (base64 attachments). */
export function attachment(data: string, filename: string): Buffer | null {
  const at =
    data.indexOf(`filename=${filename}`) >= 0
      ? data.indexOf(`filename=${filename}`)
      : data.indexOf(`filename="${filename}"`);
  if (at < 0) return null;
  const bodyStart = data.indexOf('\r\n\r\n', at);
  const bodyEnd = data.indexOf('\r\n--', bodyStart);
  return Buffer.from(data.slice(bodyStart + 4, bodyEnd).replace(/\s+/g, ''), 'base64');
}
