import { resolve } from 'node:path';
import { loadConfig } from '../config/app-config';
import { backupDataDir } from '../operations/backup';

/** `npm run backup -- <dir>`: online backup of DATA_DIR (the app may keep running). docs/production.md. */
async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target) throw new Error('Usage: npm run backup -- <empty or new directory>');
  const config = loadConfig();
  const manifest = await backupDataDir(config.dataDir, resolve(target));
  console.log(`Backed up ${config.dataDir} to ${resolve(target)}: ${manifest.files.length} files, log head at position ${manifest.eventHeadPosition}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
