import { resolve } from 'node:path';
import { loadConfig } from '../config/app-config';
import { restoreDataDir } from '../operations/backup';

/** `npm run restore -- <backup dir> [--rebuild-read-models]`: into an empty DATA_DIR, with the app stopped. */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const source = args.find((a) => !a.startsWith('--'));
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--rebuild-read-models');
  if (!source || unknown.length) throw new Error('Usage: npm run restore -- <backup dir> [--rebuild-read-models]');
  const config = loadConfig();
  const rebuildReadModels = args.includes('--rebuild-read-models');
  const manifest = await restoreDataDir(resolve(source), config.dataDir, { rebuildReadModels });
  console.log(
    `Restored ${resolve(source)} (${manifest.createdAt}) into ${config.dataDir}: log head at position ${manifest.eventHeadPosition}${rebuildReadModels ? '; read models are rebuilt from the log at start' : ''}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
