import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app';
import { loadConfig } from './config/app-config';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config, { requestLogs: true });
  await app.listen({ port: config.port, host: config.host });
  const logger = new Logger('Main');
  logger.log(`Speach platform on http://localhost:${config.port} (back office: /admin/) — data in ${config.dataDir}`);
  if (config.seed === 'demo') logger.log(`Demo accounts: admin@example.com, author@example.com, approver@example.com, reader@example.com — password "${config.demoPassword}"`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
