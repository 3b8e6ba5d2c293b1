import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo } from './db/seed-demo.ts';
import { sealStoredMemberSecrets } from './modules/accounts/seal-stored-secrets.ts';
import { sealStoredOperatorSecrets } from './modules/backoffice/seal-operator-secrets.ts';
import { runDemoFeed } from './providers/sports/demo/demo-runner.ts';
import { runUofFeed } from './providers/sports/uof/uof-runner.ts';

const config = readConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.dbPoolSize,
  directUrl: config.databaseDirectUrl,
});
// Reports read a replica through the same kind of pooler: a few connections, no named statements.
const replica = config.databaseReplicaUrl
  ? await openDatabase({
      databaseUrl: config.databaseReplicaUrl,
      poolSize: 4,
      pooled: Boolean(config.databaseDirectUrl),
    })
  : undefined;
await migrate(database, { currency: config.currency });
const app = await buildApp({ config, database, ...(replica ? { replica } : {}) });
if (config.seedDemo && (await seedDemo(database.db))) {
  app.log.info('demo data loaded (login demo / demo1234); set SEED_DEMO=0 to start without it');
}
// TOTP secrets still in clear (from before they were sealed, or the demo seed's) are sealed now.
const sealedNow =
  (await sealStoredMemberSecrets(database.db, config)) +
  (await sealStoredOperatorSecrets(database.db, config));
if (sealedNow > 0) app.log.info(`${sealedNow} stored TOTP secrets sealed with TOTP_SECRET_KEY`);

let closing = false;
let oddsFeed: { stop(): Promise<void> } | undefined;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing`);
  await oddsFeed?.stop();
  await app.close();
  await database.close();
  await replica?.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.outbox.start();
// The sweeps and the book's maintenance pass (jobs/jobs.ts), once per period across all processes.
await app.jobs.start();
// A real odds feed (UOF_AMQP_URL) when configured; else, with the demo data set, the demo feed keeps
// made-up matches trading, live and settling. Both speak UOF into the same adapter.
if (config.uof) {
  const feed = runUofFeed(database.db, app.sportsWallet, config.uof, app.log, app.live);
  app.sportsFeed.current = feed.feed;
  oddsFeed = feed;
} else if (config.seedDemo) {
  const feed = runDemoFeed(app, database.db);
  app.sportsFeed.current = feed.demo.feed;
  oddsFeed = feed;
}
app.log.info(
  `${database.kind === 'pglite' ? `PGlite at ${config.dataDir}` : 'PostgreSQL'}; serving on port ${config.port}`,
);
