/** `npm run db:seed`: loads the demo data set into a migrated database, once. */
import { mkdirSync } from 'node:fs';
import { readConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { migrate } from './migrate.ts';
import { seedDemo } from './seed-demo.ts';

const config = readConfig();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(database);
console.log((await seedDemo(database.db)) ? 'demo data loaded' : 'demo data already present');
await database.close();
