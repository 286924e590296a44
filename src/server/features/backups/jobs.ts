// The app's own backups (decision 026): every night at BACKUP_CRON (in FARM_TIMEZONE) one instance,
// through the jobs plugin's lock, writes DATA_DIR/backups/cratekeeper-nightly-<UTC time>.jsonl.gz and
// keeps the newest 14. On the embedded database it also answers `npm run backup` (socket.ts).
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type BackupSummary, pruneBackups, writeBackupInto, writeBackupTo } from './backup.ts';
import { appConnection } from './connection.ts';
import { controlSocketPath, listenForRequests } from './socket.ts';

export const NIGHTLY_BACKUP_JOB = 'nightly-backup';
export const NIGHTLY_PREFIX = 'cratekeeper-nightly-';
export const NIGHTLY_KEEP = 14;

export const backupsDir = (dataDir: string) => join(dataDir, 'backups');

export async function runNightlyBackup(app: FastifyInstance): Promise<BackupSummary> {
  const dir = backupsDir(app.config.dataDir);
  const summary = await writeBackupInto(appConnection(app.database), dir, NIGHTLY_PREFIX);
  const deleted = await pruneBackups(dir, NIGHTLY_PREFIX, NIGHTLY_KEEP);
  app.log.info({ file: summary.file, bytes: summary.bytes, rows: summary.rows, deleted }, 'nightly backup written');
  return summary;
}

async function backupJobs(app: FastifyInstance) {
  if (app.config.backupCron) {
    app.jobs.register({
      name: NIGHTLY_BACKUP_JOB,
      schedule: app.config.backupCron,
      run: async () => {
        await runNightlyBackup(app);
      },
    });
  }
  // Only an embedded database kept on disk can be asked for by a second process.
  const dataDir = app.database.pglite?.dataDir?.replace(/^file:\/\//, '');
  if (app.database.kind === 'pglite' && dataDir && !dataDir.includes('://')) {
    const door = await listenForRequests(controlSocketPath(dataDir), async (request) => {
      if (request.backup === undefined) return null; // "are you there?"
      const summary = await writeBackupTo(appConnection(app.database), request.backup);
      app.log.info({ file: summary.file, bytes: summary.bytes, rows: summary.rows }, 'backup written on request');
      return summary;
    });
    app.addHook('onClose', () => door.close());
  }
}

export default fp(backupJobs, { name: 'backup-jobs', dependencies: ['jobs'] });
