import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app';
import { loadConfig } from './config/app-config';
import { Platform } from './infrastructure/infrastructure.module';
import { shutDownGracefully } from './infrastructure/roles/graceful-shutdown';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config, { requestLogs: true, shutdownHooks: false, seed: config.appRole !== 'projector' });
  await app.listen({ port: config.port, host: config.host });
  const logger = new Logger('Main');
  logger.log(`Speach platform (${config.appRole}) on http://localhost:${config.port} (back office: /admin/) — data in ${config.dataDir}`);
  if (config.seed === 'demo' && config.appRole !== 'projector')
    logger.log(`Demo accounts: admin@example.com, author@example.com, approver@example.com, reader@example.com — password "${config.demoPassword}"`);
  shutDownGracefully(app, app.get(Platform), config.shutdownTimeoutMs, logger);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
