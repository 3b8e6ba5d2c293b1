import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo } from './db/seed-demo.ts';
import { runDemoFeed } from './providers/sports/demo/demo-runner.ts';

const config = readConfig();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.dbPoolSize,
});
await migrate(database);
const app = await buildApp({ config, database });
if (config.seedDemo && (await seedDemo(database.db))) {
  app.log.info('demo data loaded (login demo / demo1234); set SEED_DEMO=0 to start without it');
}

let closing = false;
let demoFeed: { stop(): Promise<void> } | undefined;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing`);
  await demoFeed?.stop();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.outbox.start();
// With the demo data set, the sportsbook's demo feed keeps made-up matches trading, live and settling.
if (config.seedDemo) demoFeed = runDemoFeed(app, database.db);
app.log.info(
  `${database.kind === 'pglite' ? `PGlite at ${config.dataDir}` : 'PostgreSQL'}; serving on port ${config.port}`,
);
