// The real server as `npm start` runs it (node --import tsx src/server/index.ts), started as a process
// of its own by the tests that kill, stop or starve it; what it prints is kept for their messages.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type ServerProcess = {
  child: ChildProcess;
  /** What it printed (stdout and stderr), the last `keepChars` characters. */
  output: () => string;
  /** Forgets what it printed so far: a test looks for what comes next. */
  forget: () => void;
};

/** Starts the server on 127.0.0.1 with no nightly backup, `env` on top of PATH and HOME only. */
export function startServerProcess(env: Record<string, string>, keepChars = Number.POSITIVE_INFINITY): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', BACKUP_CRON: 'off', ...env },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-keepChars);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    child,
    output: () => output,
    forget: () => {
      output = '';
    },
  };
}
