/**
 * npm run admin:create -- <login> [role]: creates a back-office operator (role owner by default; the
 * roles are owner, cashier, support, content, trading and compliance).
 * The password comes from ADMIN_PASSWORD or is generated; the TOTP secret is printed once, with
 * the otpauth URI to add to an authenticator app.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { generateURI } from 'otplib';
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { OPERATOR_ROLES, type OperatorRole } from '../modules/backoffice/backoffice.schema.ts';
import { createOperator, OPERATOR_LOGIN } from '../modules/backoffice/operators.service.ts';

const [login, role = 'owner'] = process.argv.slice(2);
if (!login || !OPERATOR_LOGIN.test(login) || !OPERATOR_ROLES.includes(role as OperatorRole)) {
  console.error(`usage: npm run admin:create -- <login> [${OPERATOR_ROLES.join('|')}]`);
  process.exit(2);
}
const config = readConfig();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(database);
const password = process.env.ADMIN_PASSWORD || randomBytes(12).toString('base64url');
const { totpSecret } = await createOperator(database.db, config.totpSecretKey, {
  login,
  password,
  role: role as OperatorRole,
});
await database.close();
console.log(`operator ${login} (${role}) created`);
if (!process.env.ADMIN_PASSWORD) console.log(`password: ${password}`);
console.log(`TOTP secret: ${totpSecret}`);
console.log(
  `authenticator URI: ${generateURI({ issuer: 'Royal Casino', label: login, secret: totpSecret })}`,
);
