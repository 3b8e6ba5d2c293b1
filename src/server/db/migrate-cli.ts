/** `npm run db:migrate`: applies pending migrations to DATABASE_URL or the PGlite data directory. */
import { mkdirSync } from 'node:fs';
import { readConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { migrate } from './migrate.ts';

const config = readConfig();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(database);
await database.close();
console.log(`migrations applied (${database.kind})`);
