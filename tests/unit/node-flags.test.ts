// The server runs with the same heap flags however it is started (decision 081): npm start, the
// container, the systemd unit and the bench's app, which must measure the app as it runs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/node-flags.mjs';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('the server is started with the heap flags everywhere', () => {
  it('npm start, the systemd unit and the Dockerfile name every flag before the script', () => {
    const flags = SERVER_NODE_FLAGS.join(' ');
    expect(JSON.parse(read('package.json')).scripts.start).toBe(`node ${flags} scripts/start.mjs`);
    expect(read('deploy/cratekeeper@.service')).toContain(`ExecStart=/usr/bin/node ${flags} scripts/start.mjs`);
    const cmd = ['node', ...SERVER_NODE_FLAGS, 'dist/server/index.mjs'].map((part) => `"${part}"`).join(', ');
    expect(read('Dockerfile')).toContain(`CMD [${cmd}]`);
  });

  it("the bench starts the app and npm start's script with them", () => {
    const bench = read('bench/support.mjs');
    expect(bench).toContain("'--expose-gc', ...SERVER_NODE_FLAGS, serve]");
    expect(bench).toContain("spawnChild([...SERVER_NODE_FLAGS, join(root, 'scripts', 'start.mjs')]");
  });

  it('caps the old generation and the young one', () => {
    expect(SERVER_NODE_FLAGS).toEqual(['--max-old-space-size=512', '--max-semi-space-size=2']);
  });
});
