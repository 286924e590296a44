// A loopback port nothing listens on, for a server a test starts as a process of its own (the OS's
// ephemeral range, which Chromium never blocks), or for a peer that must refuse connections at once.
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
