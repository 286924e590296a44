// `npm run backup` and `npm run restore` (decision 026): the database DATABASE_URL names, or the
// embedded one in DATA_DIR, exactly as `npm start` would open it.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Config, loadConfig } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { checkLedgerInvariant } from '../invariant/service.ts';
import { type BackupSummary, writeBackupTo } from './backup.ts';
import { type BackupConnection, openEmbedded, pgliteDir, postgresConnection, type Sql } from './connection.ts';
import { backupsDir } from './jobs.ts';
import { RestoreRefused, readBackupHeader, restoreBackup } from './restore.ts';
import { askRunningApp, controlSocketPath, listenForRequests } from './socket.ts';

type Output = { out: (line: string) => void; err: (line: string) => void };
const console_: Output = { out: (line) => console.log(line), err: (line) => console.error(line) };

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-ZA')} KB`;

/**
 * The database a command worked on, for its closing line: never the user or password. Read by hand,
 * since pg takes URLs that `new URL` refuses (a socket: `postgres://user@/farm?host=/run/postgresql`).
 */
export function where(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `the embedded database in ${resolve(config.dataDir)}`;
  const parts = /^postgres(?:ql)?:\/\/(?:[^@/?]*@)?([^/?]*)([^?]*)(?:\?(.*))?$/.exec(config.databaseUrl);
  const host = parts?.[1] || new URLSearchParams(parts?.[3] ?? '').get('host') || 'localhost';
  return `PostgreSQL ${host}${parts?.[2] || '/'}`;
}

/**
 * Holds the embedded database for this command: refuses while the app (or another command) answers
 * on DATA_DIR's socket, and answers there itself meanwhile, so an app starting now stops instead
 * of opening the same files.
 */
async function holdEmbedded(config: Config, create: boolean): Promise<BackupConnection> {
  if (create) await mkdir(config.dataDir, { recursive: true });
  else if (!existsSync(join(pgliteDir(config.dataDir), 'PG_VERSION'))) {
    throw new Error(`There is no embedded database in ${resolve(pgliteDir(config.dataDir))}.`);
  }
  const door = await listenForRequests(controlSocketPath(pgliteDir(config.dataDir)), async () => {
    throw new Error('A backup or restore command is using the embedded database; try again when it is done.');
  });
  try {
    const connection = await openEmbedded(config.dataDir, { create });
    return {
      ...connection,
      close: async () => {
        await connection.close();
        await door.close();
      },
    };
  } catch (err) {
    await door.close();
    throw err;
  }
}

export async function backupCommand(args: string[], env = process.env, io: Output = console_): Promise<number> {
  if (args.length > 1 || args.some((a) => a.startsWith('-'))) {
    io.err('Usage: npm run backup [-- FILE or DIRECTORY]   (default: DATA_DIR/backups/)');
    return 2;
  }
  try {
    const config = loadConfig(env);
    const target = args[0] ? resolve(args[0]) : resolve(backupsDir(config.dataDir)) + sep;
    let summary: BackupSummary;
    if (config.databaseUrl) {
      summary = await writeBackupTo(postgresConnection(config.databaseUrl), target);
    } else {
      // The app running on DATA_DIR writes it (only one process may open the embedded database).
      const answer = await askRunningApp(controlSocketPath(pgliteDir(config.dataDir)), { backup: target });
      if (answer && !answer.ok) throw new Error(answer.error);
      if (answer?.ok) {
        summary = answer.result as BackupSummary;
      } else {
        const connection = await holdEmbedded(config, false);
        try {
          summary = await writeBackupTo(connection, target);
        } finally {
          await connection.close();
        }
      }
    }
    io.err(
      `Backed up ${where(config)}: ${summary.tables} tables, ${summary.rows.toLocaleString('en-ZA')} rows, ${kilobytes(summary.bytes)}.`,
    );
    io.out(summary.file);
    return 0;
  } catch (err) {
    io.err(`Backup failed: ${(err as Error).message}`);
    return 1;
  }
}

const dialect = new PgDialect();

/**
 * The ledger's invariant (billing conservation and closed statements included), run on the restore's
 * own transaction: the checker only ever calls execute(sql`…`), which this gives it over plain SQL.
 */
export async function ledgerProblems(sql: Sql): Promise<string[]> {
  const executor = {
    execute: async (query: SQL) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      return { rows: await sql.query(text, params) };
    },
  } as unknown as Executor;
  return (await checkLedgerInvariant(executor)).problems;
}

export async function restoreCommand(args: string[], env = process.env, io: Output = console_): Promise<number> {
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1 || files[0].startsWith('-')) {
    io.err('Usage: npm run restore -- FILE [--force]   (--force replaces a database that has data)');
    return 2;
  }
  const file = resolve(files[0]);
  try {
    const config = loadConfig(env);
    const header = await readBackupHeader(file);
    let connection: BackupConnection;
    if (config.databaseUrl) {
      connection = postgresConnection(config.databaseUrl);
    } else {
      if (await askRunningApp(controlSocketPath(pgliteDir(config.dataDir)), {})) {
        throw new RestoreRefused(`Cratekeeper is running on ${resolve(config.dataDir)}: stop it, then restore.`);
      }
      connection = await holdEmbedded(config, true);
    }
    let summary: Awaited<ReturnType<typeof restoreBackup>>;
    try {
      summary = await restoreBackup(connection, file, { force, verify: ledgerProblems });
    } catch (err) {
      // One transaction: whatever failed, nothing was changed.
      if (!(err instanceof RestoreRefused)) (err as Error).message += ' The database was left as it was.';
      throw err;
    } finally {
      await connection.close();
    }
    io.out(
      `Restored ${file} (made ${header.createdAt} on ${header.database}) into ${where(config)}: ` +
        `${summary.tables} tables, ${summary.rows.toLocaleString('en-ZA')} rows` +
        (summary.replacedRows > 0 ? `, replacing ${summary.replacedRows.toLocaleString('en-ZA')} rows` : '') +
        '.',
    );
    if (summary.migratedAfter.length > 0) io.out(`Migrated since the backup: ${summary.migratedAfter.join(', ')}.`);
    if (summary.otherSessions > 0) {
      io.err(
        `${summary.otherSessions} other connection(s) to this database were open: restart every Cratekeeper ` +
          'instance on it, so none goes on with what it read before the restore.',
      );
    }
    io.out('The crate ledger adds up.');
    return 0;
  } catch (err) {
    io.err(`${err instanceof RestoreRefused ? 'Not restored' : 'Restore failed'}: ${(err as Error).message}`);
    return 1;
  }
}
