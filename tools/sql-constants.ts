/**
 * Writes the SQL function files generated from src/server/db/constants.ts (npm run sql:constants).
 * A test fails when a committed file differs from what the constants generate: run this and commit.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedSqlFunctions } from '../src/server/db/sql-constants.ts';

for (const fn of generatedSqlFunctions()) {
  const file = join('src/server', fn.path);
  writeFileSync(file, fn.text);
  console.log(`wrote ${file}`);
}
