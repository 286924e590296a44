// npm run backup [-- FILE or DIRECTORY]: one file with the whole database (decision 026); prints its path.
import { register } from 'tsx/esm/api';

register();
const { backupCommand } = await import('../src/server/features/backups/cli.ts');
process.exitCode = await backupCommand(process.argv.slice(2));
