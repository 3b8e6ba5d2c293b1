import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../src/server/app.ts';
import { readConfig, totpSecretKeyFrom } from '../../src/server/config.ts';
import { type Database, openDatabase, queryRows } from '../../src/server/db/client.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import {
  cashRequests,
  helpTickets,
  members,
  operators,
  popups,
  walletTransactions,
} from '../../src/server/db/schema.ts';
import { seedDemo } from '../../src/server/db/seed-demo.ts';
import { createOperator } from '../../src/server/modules/backoffice/operators.service.ts';
import { decideRequest } from '../../src/server/modules/cashier/cashier-queue.service.ts';
import { approveDeposit } from '../../src/server/modules/cashier/deposits.service.ts';
import { sendNote } from '../../src/server/modules/inbox/notes.service.ts';
import { payCashbacks } from '../../src/server/modules/promotions/cashback.service.ts';
import { answerAccountRequest } from '../../src/server/modules/support/account-requests-admin.service.ts';
import { houseSeeds } from '../../src/server/providers/house/house.schema.ts';
import { sha256Hex } from '../../src/server/providers/house/seeds.ts';
import { demoFeedTick } from '../../src/server/providers/sports/demo/demo-feed.ts';
import { buildWeb } from '../../tools/build-web.ts';
import { SANDBOX_PSP_SECRET } from './chargeback.ts';
import {
  ALERT_OPERATORS,
  DEMO_OPERATOR,
  DESK_TOOLS_OPERATORS,
  FLAGS_OPERATORS,
  FREE_SPINS_OWNERS,
  KYC_OPERATORS,
  KYC_OWNER,
  LANGUAGE_OPERATORS,
  LIMITS_OPERATOR,
  LOCK_DESK,
  LOCKED_OPERATORS,
  PHONE_OPERATOR,
  PROMO_DESK,
  PROMO_OWNER,
  REFUSALS_OPERATOR,
  STATEMENT_OWNER,
  TABLES_OWNER,
  TRADING_OPERATORS,
  WALK_OWNERS,
  WINDOW_TRADERS,
} from './operator.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The test-only operator desk (see operatorDesk below). */
    operatorUrl: string;
  }
}

/**
 * A test-only HTTP door to the operator's service functions, served by this process because the
 * in-memory database lives here: browser tests approve a deposit "through the service" with it.
 * It is not part of the product and listens on loopback only.
 */
function operatorDesk(db: Database['db']) {
  return createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as {
        loginId?: string;
        title?: string;
        serverSeed?: string;
        clientSeed?: string;
        betId?: number;
        kind?: string;
        detail?: unknown;
        repaired?: boolean;
        reason?: string;
      };
      if (req.url === '/sports-finding') {
        // What the book's reconciler records (reconciler.ts), written as it would: the desk's list reads it.
        const [row] = await queryRows<{ id: number }>(
          db,
          sql`insert into sb_reconcile_findings (bet_id, kind, detail, repaired, resolved_at)
              values (${body.betId ?? 0}, ${body.kind ?? 'wallet_mismatch'}, ${JSON.stringify(body.detail ?? {})}::jsonb,
                ${body.repaired === true}, ${body.repaired === true ? sql`now()` : sql`null`})
              returning id`,
        );
        res.writeHead(200).end(JSON.stringify({ status: 'success', findingId: Number(row!.id) }));
        return;
      }
      if (req.url === '/popup-position') {
        // Where the operator placed the demo popup (posX/posY): a test puts it over the header, then back.
        const place = body as { posX?: number; posY?: number };
        await db.update(popups).set({ posX: place.posX ?? 40, posY: place.posY ?? 120 });
        res.writeHead(200).end(JSON.stringify({ status: 'success' }));
        return;
      }
      const [member] = await db
        .select()
        .from(members)
        .where(eq(members.loginId, body.loginId ?? ''));
      if (!member) throw new Error(`no member ${body.loginId}`);
      if (req.url === '/send-note') {
        const note = await sendNote(db, {
          target: 'member',
          memberId: member.id,
          title: body.title ?? 'Hello',
          contents: 'A note from the operator.',
          sentBy: 'e2e-operator',
        });
        res.writeHead(200).end(JSON.stringify({ status: 'success', noteId: note.id }));
        return;
      }
      if (req.url === '/reject-latest-withdrawal') {
        // An operator's refusal with the reason the member is told (the cashier queue's own service).
        const [request] = await db
          .select()
          .from(cashRequests)
          .where(
            and(
              eq(cashRequests.memberId, member.id),
              eq(cashRequests.kind, 'withdraw'),
              eq(cashRequests.status, 'wait'),
            ),
          );
        const [desk] = await db.select().from(operators).where(eq(operators.login, 'operator'));
        await decideRequest(
          db,
          { id: desk!.id, login: desk!.login, role: desk!.role, sessionId: 0, locale: 'en' },
          {
            kind: 'withdraw',
            id: request!.id,
            approve: false,
            reason: body.reason ?? 'No reason',
            ip: '127.0.0.1',
          },
        );
        res.writeHead(200).end(JSON.stringify({ status: 'success', requestId: request!.id }));
        return;
      }
      if (req.url === '/answer-account') {
        const [ticket] = await db
          .select()
          .from(helpTickets)
          .where(
            and(
              eq(helpTickets.memberId, member.id),
              eq(helpTickets.kind, 'account'),
              eq(helpTickets.status, 'wait'),
            ),
          );
        await db.transaction((tx) =>
          answerAccountRequest(tx, ticket!.id, 'e2e-operator', {
            bank: 'Kasikorn Bank',
            accountNumber: '123-4-56789-0',
            holder: 'Royal Casino Co.',
          }),
        );
        res.writeHead(200).end(JSON.stringify({ status: 'success' }));
        return;
      }
      if (req.url === '/house-seed') {
        // The member's provably fair seed pair for the built-in games, with a server seed the test
        // chose (a player only ever sees its hash): the next rounds are then known in advance. The
        // pair in use is revealed and retired, as when a player changes the client seed.
        const playerId = String(member.id);
        await db.transaction(async (tx) => {
          await tx
            .update(houseSeeds)
            .set({ active: false, revealedAt: new Date() })
            .where(and(eq(houseSeeds.playerId, playerId), eq(houseSeeds.active, true)));
          await tx.insert(houseSeeds).values({
            playerId,
            serverSeed: body.serverSeed!,
            serverSeedHash: sha256Hex(body.serverSeed!),
            clientSeed: body.clientSeed!,
          });
        });
        res.writeHead(200).end(JSON.stringify({ status: 'success' }));
        return;
      }
      if (req.url === '/cashback-yesterday') {
        // A day passes for the member's play (as cashback.test.ts does): its local day and its rounds
        // move back one day, so the cashback period it fell in has ended; then the cashback sweep
        // housekeeping runs every five minutes pays it now.
        await db.execute(sql`update member_play_days set day = day - 1 where member_id = ${member.id}`);
        await db.execute(
          sql`update game_rounds set opened_at = opened_at - interval '1 day' where member_id = ${member.id}`,
        );
        const sweep = await payCashbacks(db);
        res.writeHead(200).end(JSON.stringify({ status: 'success', paid: sweep.paid }));
        return;
      }
      if (req.url === '/wallet-calls') {
        // What the game provider asked the wallet for this member, and what the wallet answered.
        const calls = await db
          .select({
            kind: walletTransactions.kind,
            amount: walletTransactions.amount,
            response: walletTransactions.response,
          })
          .from(walletTransactions)
          .where(eq(walletTransactions.memberId, member.id))
          .orderBy(asc(walletTransactions.id));
        const list = calls.map((c) => ({
          kind: c.kind,
          amount: c.amount,
          status: (c.response as { status?: string } | null)?.status,
        }));
        res.writeHead(200).end(JSON.stringify({ status: 'success', calls: list }));
        return;
      }
      if (req.url !== '/approve-latest-deposit') throw new Error('unknown desk call');
      const [request] = await db
        .select()
        .from(cashRequests)
        .where(
          and(
            eq(cashRequests.memberId, member!.id),
            eq(cashRequests.kind, 'deposit'),
            eq(cashRequests.status, 'wait'),
          ),
        );
      await approveDeposit(db, request!.id, { by: 'e2e-operator' });
      res.writeHead(200).end(JSON.stringify({ status: 'success', requestId: request!.id }));
    } catch (error) {
      res.writeHead(400).end(JSON.stringify({ status: 'error', message: String(error) }));
    }
  });
}

/** Builds the member site and serves it with demo data on an in-memory PGlite, on a free port. */
export default async function setup(project: TestProject) {
  // The same build-when-stale step as npm start: an unchanged site is not built again.
  await buildWeb({ force: false, quiet: true });
  const database = await openDatabase({});
  await migrate(database);
  await seedDemo(database.db);
  await createOperator(database.db, totpSecretKeyFrom({}), {
    login: PHONE_OPERATOR,
    password: DEMO_OPERATOR.password,
    role: 'owner',
    totpSecret: DEMO_OPERATOR.totpSecret,
  });
  await createOperator(database.db, totpSecretKeyFrom({}), {
    login: LIMITS_OPERATOR,
    password: DEMO_OPERATOR.password,
    role: 'support',
    totpSecret: DEMO_OPERATOR.totpSecret,
  });
  for (const login of LANGUAGE_OPERATORS) {
    await createOperator(database.db, totpSecretKeyFrom({}), {
      login,
      password: DEMO_OPERATOR.password,
      role: 'owner',
      totpSecret: DEMO_OPERATOR.totpSecret,
    });
  }
  for (const login of [
    PROMO_OWNER,
    PROMO_DESK,
    STATEMENT_OWNER,
    TABLES_OWNER,
    REFUSALS_OPERATOR,
    LOCK_DESK,
    ...LOCKED_OPERATORS,
    ...WALK_OWNERS,
    ...FREE_SPINS_OWNERS,
  ]) {
    await createOperator(database.db, totpSecretKeyFrom({}), {
      login,
      password: DEMO_OPERATOR.password,
      role: 'owner',
      totpSecret: DEMO_OPERATOR.totpSecret,
    });
  }
  await createOperator(database.db, totpSecretKeyFrom({}), {
    login: KYC_OWNER,
    password: DEMO_OPERATOR.password,
    role: 'owner',
    totpSecret: DEMO_OPERATOR.totpSecret,
  });
  for (const login of [...KYC_OPERATORS, ...FLAGS_OPERATORS]) {
    await createOperator(database.db, totpSecretKeyFrom({}), {
      login,
      password: DEMO_OPERATOR.password,
      role: 'compliance',
      totpSecret: DEMO_OPERATOR.totpSecret,
    });
  }
  for (const login of [
    ...TRADING_OPERATORS,
    ...WINDOW_TRADERS,
    ...DESK_TOOLS_OPERATORS,
    ...ALERT_OPERATORS,
  ]) {
    await createOperator(database.db, totpSecretKeyFrom({}), {
      login,
      password: DEMO_OPERATOR.password,
      role: 'trading',
      totpSecret: DEMO_OPERATOR.totpSecret,
    });
  }
  const config = {
    ...readConfig({}),
    webRoot: resolve('dist/web'),
    loginMaxFailuresPerAddress: 1000,
    // Every page of the run comes from 127.0.0.1, many as the demo member.
    liveStreamsPerMember: 1000,
    liveStreamsPerAddress: 10_000,
    outboxPollMs: 200,
    // Known to the tests, which send the sandbox provider's later notices (a chargeback) themselves.
    sandboxPspSecret: SANDBOX_PSP_SECRET,
  };
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // E-mail and SMS leave through the outbox, as `npm start` sends them; the sandbox shows them.
  app.outbox.start();
  // The sweeps and the book's maintenance pass run as under `npm start` (jobs/jobs.ts).
  await app.jobs.start();
  const { port } = app.server.address() as AddressInfo;
  // Payment and game providers call back into this server.
  config.publicUrl = `http://127.0.0.1:${port}`;
  project.provide('baseUrl', `http://localhost:${port}`);
  // What `npm start` shows: the demo feed's matches (main.ts runs it on a timer; one tick here).
  await demoFeedTick(database.db, app.sportsWallet, new Date());
  const desk = operatorDesk(database.db);
  await new Promise<void>((resolve) => desk.listen(0, '127.0.0.1', resolve));
  project.provide('operatorUrl', `http://127.0.0.1:${(desk.address() as AddressInfo).port}`);
  return async () => {
    desk.close();
    await app.close();
    await database.close();
  };
}
