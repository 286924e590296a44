// The embedded database's disk fills (decision 060). DATA_DIR is a small tmpfs mounted for this test
// (root only: CI runs as root; elsewhere it is skipped, saying so). The app runs on PGlite there:
//   1. below DATA_DIR_MIN_FREE_MB every write answers 507 saying the disk is full, reads go on,
//      readiness says 503, and once space is freed writes are taken again;
//   2. with that floor at 0 the writes meet the full disk inside PGlite (ENOSPC extending a table is
//      SQLSTATE 53100): 507, each such write rolled back whole, every 2xx one kept;
//   3. with no room for a new write-ahead-log segment PGlite PANICs: the app is told once, every
//      later request answers 503 at once instead of hanging, the server refuses to start on the
//      still-full disk with one line, and once space is freed the database opens with every write
//      answered 2xx in it and the ledger adding up;
//   4. the same PANIC in a running server (`src/server/index.ts` as `npm start` runs it): the process
//      exits 1 with one log line saying why, and every loan it answered 201 is there after a restart.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAs } from '../../tests/support/accounts.ts';
import { freePort } from '../../tests/support/ports.ts';
import { testConfig } from '../../tests/support/test-app.ts';
import { type App, buildApp } from './app.ts';
import { type Database, openDatabase } from './db/client.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, DISK_FULL_MESSAGE, freeBytes } from './db/faults.ts';
import { checkLedgerInvariant } from './features/invariant/service.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const inCi = !!process.env.CI && process.env.CI !== 'false' && process.env.CI !== '0';
const isRoot = process.getuid?.() === 0;
const skip = !isRoot && !inCi;

/** The tmpfs: the migrated database takes ~41 MB of it (a 16 MB log segment among them). */
const DISK_MB = 96;
const FLOOR_MB = 8;

describe.skipIf(skip)(
  `The embedded database's disk fills${skip ? ' (skipped: mounting a tmpfs needs root)' : ''}`,
  () => {
    let dir = '';
    let mounted = false;
    let database: Database;
    let app: App;
    const log: string[] = [];
    const filler = () => join(dir, 'filler');
    /** Fills the disk until `leaveBytes` are left. */
    const fill = (leaveBytes: number) => {
      const size = Math.max(0, freeBytes(dir) - leaveBytes);
      try {
        writeFileSync(filler(), Buffer.alloc(size));
      } catch {
        // ENOSPC at the very end: full is what was asked for
      }
    };
    const free = () => rmSync(filler(), { force: true });

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'cratekeeper-disk-'));
      const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_MB}m`, 'tmpfs', dir], { encoding: 'utf8' });
      if (mount.status !== 0) throw new Error(`could not mount a tmpfs at ${dir}: ${mount.stderr}`);
      mounted = true;
      database = await openDatabase({ dataDir: dir });
      app = await buildApp({
        config: testConfig({ dataDir: dir, dataDirMinFreeMb: FLOOR_MB, logLevel: 'info' }),
        database,
        logStream: { write: (line: string) => void log.push(line) },
        schedules: false,
      });
    }, 120_000);

    afterAll(async () => {
      await app?.close();
      await database?.close();
      if (mounted) spawnSync('umount', ['-l', dir]);
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    const logged = (text: string) => log.filter((line) => line.includes(text)).length;

    // Long: one farm through the three stages in order; each stage starts from the state the last left.
    it('refuses writes with 507 and reads on, then stops cleanly when its log has no room, losing nothing', async () => {
      const farm = await registerAs(app, 'farm_store');
      const agent = await registerAs(app, 'market_agent');
      const me = (await agent.inject({ method: 'GET', url: '/api/market-agents/me' })).json();
      const post = (who: typeof farm, url: string, payload: Record<string, unknown>) =>
        who.inject({ method: 'POST', url, payload });
      expect(
        (
          await post(farm, '/api/farm-store/opening-balances', {
            marketAgentId: me.id,
            fullCrates: 500,
            emptyCrates: 0,
          })
        ).statusCode,
      ).toBe(201);
      const client = (
        await post(agent, '/api/clients', {
          businessName: 'Disk Client',
          clientName: 'Buyer',
          contactNumber: '082 123 4567',
        })
      ).json();
      expect(client.id).toBeTypeOf('number');
      const lend = () => post(agent, '/api/client-transactions', { clientId: client.id, quantityBorrowed: 1 });
      /** Loans answered 201: each must be in the database at the end, exactly once. */
      const lent: number[] = [];
      const lendOnce = async () => {
        const res = await lend();
        if (res.statusCode === 201) lent.push(res.json().id);
        return res;
      };
      expect((await lendOnce()).statusCode).toBe(201);

      // ---- 1. below the floor: 507 before the database is asked; reads go on ----
      fill(FLOOR_MB * 1024 * 1024 - 1024 * 1024);
      const refused = await lendOnce();
      expect([refused.statusCode, refused.json().message]).toEqual([507, DISK_FULL_MESSAGE]);
      const stock = await post(farm, '/api/farm-store/stock-adjustments', { quantity: 10, reason: 'Bought' });
      expect(stock.statusCode).toBe(507);
      expect((await agent.inject({ method: 'GET', url: '/api/client-transactions' })).statusCode).toBe(200);
      expect((await agent.inject({ method: 'GET', url: '/api/market-agents/me' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ checks: { database: true, disk: false } });
      expect(ready.json().message).toMatch(/almost full/);
      expect(logged('every write answers 507')).toBe(1);
      free();
      expect((await lendOnce()).statusCode).toBe(201);
      expect(logged('writes are taken again')).toBe(1);
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

      // ---- 2. no floor: the writes meet the full disk in PGlite, 53100 → 507, rolled back whole ----
      app.config.dataDirMinFreeMb = 0;
      fill(0);
      // Loans fill the pages the tables have until one needs a new page: a batch at a time until then.
      const answers: Awaited<ReturnType<typeof lend>>[] = [];
      for (let batch = 0; batch < 200 && !answers.some((a) => a.statusCode === 507); batch++) {
        answers.push(...(await Promise.all(Array.from({ length: 10 }, () => lendOnce()))));
      }
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s !== 201 && s !== 507)).toEqual([]);
      expect(statuses).toContain(507);
      expect(answers.find((a) => a.statusCode === 507)?.json().message).toBe(DISK_FULL_MESSAGE);
      expect((await agent.inject({ method: 'GET', url: '/api/client-transactions' })).statusCode).toBe(200);
      const invariantWhileFull = await checkLedgerInvariant(app.db);
      expect(invariantWhileFull.problems).toEqual([]);

      // ---- 3. no room for a new log segment: PGlite PANICs; the app is told once and hangs on nothing ----
      // Room for a table to grow (2 MB), none for the next 16 MB segment, and the log switched to it.
      free();
      fill(2 * 1024 * 1024);
      const fatal: Error[] = [];
      database.onFatal((err) => fatal.push(err));
      await database.pglite!.query('select pg_switch_wal()');
      const panicked = await lendOnce();
      expect([507, 503]).toContain(panicked.statusCode);
      expect(fatal.map((e) => (e as { severity?: string }).severity)).toEqual(['PANIC']);
      const after = await agent.inject({ method: 'GET', url: '/api/client-transactions' });
      expect([after.statusCode, after.json().message]).toEqual([503, DATABASE_UNAVAILABLE_MESSAGE]);
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
      await app.close();
      await database.close();

      // The server will not start on the still-full disk: one line saying why, exit 1.
      const refusedStart = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 60_000,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATA_DIR: dir,
          PORT: String(await freePort()),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
        },
      });
      expect(refusedStart.status, refusedStart.stderr).toBe(1);
      expect(refusedStart.stderr.trim().split('\n').at(-1)).toMatch(/free some space and start again/);

      // Space freed: it opens cleanly, with every loan answered 201 in it, and takes writes.
      free();
      database = await openDatabase({ dataDir: dir });
      app = await buildApp({
        config: testConfig({ dataDir: dir, dataDirMinFreeMb: FLOOR_MB }),
        database,
        schedules: false,
      });
      const rows = await database.db.execute<{ id: number }>(
        sql`select id from client_transactions where client_id = ${client.id}`,
      );
      const ids = rows.rows.map((r) => r.id);
      expect(lent.filter((id) => !ids.includes(id))).toEqual([]);
      expect(ids.length).toBe(lent.length);
      const again = await app.inject({
        method: 'POST',
        url: '/api/client-transactions',
        headers: { cookie: agent.cookie },
        payload: { clientId: client.id, quantityBorrowed: 1 },
      });
      expect(again.statusCode).toBe(201);
      const report = await checkLedgerInvariant(database.db);
      expect(report.problems).toEqual([]);
    }, 120_000);
  },
);

/** Bytes of write-ahead log in each 16 MB segment file. */
const WAL_SEGMENT = 16 * 1024 * 1024;

describe.skipIf(skip)(
  `A running server whose embedded database PANICs${skip ? ' (skipped: mounting a tmpfs needs root)' : ''}`,
  () => {
    let dir = '';
    let mounted = false;
    let server: ReturnType<typeof spawn> | undefined;

    afterAll(() => {
      server?.kill('SIGKILL');
      if (mounted) spawnSync('umount', ['-l', dir]);
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    // Long: the data directory is prepared, the server run until it stops, then the data checked.
    it('exits with one log line and keeps every loan it answered', async () => {
      dir = mkdtempSync(join(tmpdir(), 'cratekeeper-panic-'));
      const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_MB}m`, 'tmpfs', dir], { encoding: 'utf8' });
      if (mount.status !== 0) throw new Error(`could not mount a tmpfs at ${dir}: ${mount.stderr}`);
      mounted = true;

      // A farm, an agent with 5 000 full crates and a client, made in process on the data directory.
      let database = await openDatabase({ dataDir: dir });
      let app = await buildApp({
        config: testConfig({ dataDir: dir, dataDirMinFreeMb: 0 }),
        database,
        schedules: false,
      });
      const farm = await registerAs(app, 'farm_store');
      const agent = await registerAs(app, 'market_agent');
      const me = (await agent.inject({ method: 'GET', url: '/api/market-agents/me' })).json();
      const opening = await farm.inject({
        method: 'POST',
        url: '/api/farm-store/opening-balances',
        payload: { marketAgentId: me.id, fullCrates: 20000, emptyCrates: 0 },
      });
      expect(opening.statusCode).toBe(201);
      const client = (
        await agent.inject({
          method: 'POST',
          url: '/api/clients',
          payload: { businessName: 'Panic Client', clientName: 'Buyer', contactNumber: '082 123 4567' },
        })
      ).json();
      // The write-ahead log filled to just under three quarters of a fresh segment (from there on, a start
      // or a checkpoint makes the next segment file ahead of time), and any next segment file (recycled
      // by the checkpoint on closing) removed while the database is shut: the running server's loans
      // must create it, and the full disk has no room for its 16 MB.
      const pglite = database.pglite!;
      const position = async () =>
        (
          await pglite.query<{ off: string; file: string }>(
            `select ((pg_current_wal_lsn() - '0/0'::pg_lsn)::bigint % ${WAL_SEGMENT})::text as off,
                    pg_walfile_name(pg_current_wal_lsn()) as file`,
          )
        ).rows[0]!;
      await pglite.query('select pg_switch_wal()');
      await pglite.query('create table wal_pad (t text)');
      const target = WAL_SEGMENT * 0.745;
      for (let off = Number((await position()).off); off < target; off = Number((await position()).off)) {
        const rows = Math.max(1, Math.min(1000, Math.floor((target - off) / 2048)));
        await pglite.query(`insert into wal_pad select repeat(md5(g::text), 30) from generate_series(1, ${rows}) g`);
      }
      await pglite.query('drop table wal_pad');
      const { file: segment } = await position();
      await app.close();
      await database.close();
      for (const name of readdirSync(join(dir, 'pglite', 'pg_wal'))) {
        if (/^[0-9A-F]{24}$/.test(name) && name > segment) rmSync(join(dir, 'pglite', 'pg_wal', name));
      }

      // Less room than a segment, plenty for the loans' table pages (about 2 000 loans fill the segment).
      const size = Math.max(0, freeBytes(dir) - 14 * 1024 * 1024);
      try {
        writeFileSync(join(dir, 'filler'), Buffer.alloc(size));
      } catch {
        // ENOSPC at the very end: full is what was asked for
      }

      const port = await freePort();
      server = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATA_DIR: dir,
          DATA_DIR_MIN_FREE_MB: '0',
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
        },
      });
      let output = '';
      server.stdout!.on('data', (chunk) => (output += chunk));
      server.stderr!.on('data', (chunk) => (output += chunk));
      const exited = new Promise<number | null>((resolve) => server!.on('exit', (code) => resolve(code)));
      let code: number | null | undefined;
      void exited.then((c) => (code = c));
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 600 && code === undefined; i++) {
        const up = await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        await new Promise((r) => setTimeout(r, 100));
      }

      // Loans twenty at a time until the server stops; each answered 201 must survive.
      const lent: number[] = [];
      const lend = async () => {
        try {
          const res = await fetch(`${base}/api/client-transactions`, {
            method: 'POST',
            headers: { cookie: agent.cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ clientId: client.id, quantityBorrowed: 1 }),
          });
          if (res.status === 201) lent.push((await res.json()).id);
          return res.status;
        } catch {
          return 0; // the server went away mid-request
        }
      };
      const statuses: number[] = [];
      for (let batch = 0; batch < 1500 && code === undefined; batch++) {
        statuses.push(...(await Promise.all(Array.from({ length: 20 }, lend))));
      }
      if (code === undefined) server.kill('SIGKILL');
      expect(await exited, output).toBe(1);
      expect(lent.length).toBeGreaterThan(0);
      expect(statuses.filter((s) => ![201, 503, 507, 0].includes(s))).toEqual([]);
      const stopLines = output.split('\n').filter((line) => line.includes('The embedded database stopped'));
      expect(stopLines).toHaveLength(1);
      expect(stopLines[0]).toMatch(/free space in DATA_DIR/);

      // Space freed: the database opens with every loan answered 201 in it, exactly once.
      rmSync(join(dir, 'filler'), { force: true });
      database = await openDatabase({ dataDir: dir });
      app = await buildApp({ config: testConfig({ dataDir: dir, dataDirMinFreeMb: 0 }), database, schedules: false });
      const rows = await database.db.execute<{ id: number }>(
        sql`select id from client_transactions where client_id = ${client.id}`,
      );
      expect(rows.rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...lent].sort((a, b) => a - b));
      expect((await checkLedgerInvariant(database.db)).problems).toEqual([]);
      await app.close();
      await database.close();
    }, 180_000);
  },
);
