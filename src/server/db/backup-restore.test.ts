import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberIdOf, nextCode } from '../../../test/support/money.ts';
import { useOperators } from '../../../test/support/operators.ts';
import { PG_BIN } from '../../../test/support/pg-cluster.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { isPostgres } from '../../../test/support/test-db.ts';
import { launchedPlayer, playRound } from '../../../test/support/wallet.ts';
import { verifyAuditChain } from '../modules/backoffice/audit.service.ts';
import { auditLedger, isLedgerSound } from '../modules/ledger/ledger.audit.ts';
import { type Database, openDatabase, queryRows } from './client.ts';
import { migrate } from './migrate.ts';
import { seedDemo } from './seed-demo.ts';

const run = promisify(execFile);
const SECRET = 'backup-wallet-secret';
const count = async (db: Database['db'], table: string) =>
  (await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

/** README "Backups": a pg_dump taken while the site takes bets and operators act, restored elsewhere. */
describe.runIf(isPostgres)('a backup taken under load', () => {
  const t = useTestApp({ houseWalletSecret: SECRET });
  const operators = useOperators(t);
  const dir = mkdtempSync(join(tmpdir(), 'backup-'));
  const restoredName = `restored_${process.pid}_${Date.now()}`;
  let restored: Database | undefined;
  beforeAll(() => seedDemo(t.db));
  /** Waits until the table holds more than `rows` rows (the load committed them), 20 s at most. */
  const committedBeyond = async (table: string, rows: number) => {
    const deadline = Date.now() + 20_000;
    while ((await count(t.db, table)) <= rows) {
      if (Date.now() > deadline) throw new Error(`${table} stayed at ${rows} rows or fewer`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  afterAll(async () => {
    await restored?.close();
    const admin = new pg.Client({ connectionString: t.database.url });
    await admin.connect();
    await admin.query(`drop database if exists ${restoredName} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('restores into a fresh database with a sound ledger and a verified audit chain', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => launchedPlayer(t, 1_000_000)));
    const memberIds = await Promise.all(players.map((p) => memberIdOf(t.db, p.loginId)));
    let running = true;
    const load = [
      ...players.map(async (player) => {
        while (running) await playRound(t, SECRET, player.gameToken, 100, 300);
      }),
      // Operator corrections: ledger transfers and audit-chain entries at the same time.
      (async () => {
        for (let n = 0; running; n++) {
          const id = memberIds[n % memberIds.length]!;
          await operators.as('owner').post(`/api/admin/members/${id}/adjust`, {
            amount: 1_000,
            reason: `bonus ${n}`,
            key: nextCode(),
          });
        }
      })(),
    ];
    // The dump starts once the load is under way (bets and corrections committing), and the load
    // goes on until more has committed after the dump ended than was in it.
    const start = { transfers: await count(t.db, 'ledger_transfers'), audit: await count(t.db, 'audit_log') };
    await committedBeyond('ledger_transfers', start.transfers + 20);
    await committedBeyond('audit_log', start.audit + 2);
    const before = await count(t.db, 'ledger_transfers');
    const file = join(dir, 'casino.dump');
    await run(join(PG_BIN, 'pg_dump'), ['--format=custom', `--file=${file}`, t.database.url!]);
    await committedBeyond('ledger_transfers', await count(t.db, 'ledger_transfers'));
    running = false;
    await Promise.all(load);
    const after = await count(t.db, 'ledger_transfers');
    expect(after).toBeGreaterThan(before);

    const target = new URL(t.database.url!);
    target.pathname = `/${restoredName}`;
    const admin = new pg.Client({ connectionString: t.database.url });
    await admin.connect();
    await admin.query(`create database ${restoredName}`);
    await admin.end();
    await run(join(PG_BIN, 'pg_restore'), ['--no-owner', `--dbname=${target}`, file]);
    restored = await openDatabase({ databaseUrl: target.toString(), poolSize: 2 });

    // The restored copy is the database as it was at one moment during the load.
    const transfers = await count(restored.db, 'ledger_transfers');
    expect(transfers).toBeGreaterThanOrEqual(before);
    expect(transfers).toBeLessThan(after);
    const audit = await auditLedger(restored.db);
    expect(isLedgerSound(audit), JSON.stringify(audit)).toBe(true);
    const chain = await verifyAuditChain(restored.db);
    expect(chain.ok).toBe(true);
    expect(chain.entries).toBeGreaterThan(0);
    // Starting the site on it finds every migration applied, with its checksum.
    await expect(migrate(restored)).resolves.not.toThrow();
  }, 60_000);
});
