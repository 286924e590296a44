// npm run restore -- FILE [--force]: a backup into an empty database, or over one with --force (decision 026).
import { register } from 'tsx/esm/api';

register();
const { restoreCommand } = await import('../src/server/features/backups/cli.ts');
process.exitCode = await restoreCommand(process.argv.slice(2));
