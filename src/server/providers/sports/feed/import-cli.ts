/**
 * npm run sports:import -- file.jsonl: applies a JSON-lines feed file to the database the server uses
 * (DATABASE_URL, or PGlite under DATA_DIR). Results settle bets through the wallet API of the server
 * at PUBLIC_URL (signed with SPORTS_WALLET_SECRET); calls it cannot make are sent by the server later.
 */
import { readFileSync } from 'node:fs';
import { readConfig } from '../../../config.ts';
import { openDatabase } from '../../../db/client.ts';
import { migrate } from '../../../db/migrate.ts';
import { walletOverHttp } from '../../wallet-caller.ts';
import { sportsWallet } from '../sports-wallet.ts';
import { importFeed } from './feed-import.service.ts';

const file = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (!file) {
  console.error('usage: npm run sports:import -- <file.jsonl>');
  process.exit(2);
}
const config = readConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(database);
const report = await importFeed(
  database.db,
  sportsWallet(walletOverHttp(() => config.publicUrl, config.sportsWalletSecret, 'sports')),
  readFileSync(file, 'utf8'),
);
console.log(
  `applied ${report.applied}, skipped ${report.skipped} (repeats or older), ${report.errors.length} errors`,
);
for (const e of report.errors.slice(0, 50)) console.log(`  line ${e.line}: ${e.message}`);
await database.close();
process.exit(report.errors.length ? 1 : 0);
