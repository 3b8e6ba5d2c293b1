import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobRunner } from '../../jobs/jobs.ts';
import type { WalletTransport } from '../wallet-caller.ts';
import { type AfterReply, afterReply } from './after-reply.ts';
import { listEvents } from './listing.service.ts';
import { READ_PAGE, sportsLiveRoutes } from './live-feed.ts';
import { type SportsMaintenance, sportsMaintenance } from './maintenance.ts';
import type { StakeInBook } from './placement-batch.ts';
import { priceHistoryRetention } from './price-history-retention.ts';
import { reconcileCounts } from './reconciler.ts';
import { unfinishedRuns } from './settlement-runs.ts';
import { sportsPage, type WindowExtras, type WindowShell } from './sports.page.ts';
import { sportsApi } from './sports.routes.ts';
import { type SportsWallet, sportsWallet } from './sports-wallet.ts';
import { type FeedSlot, uofReplayRoutes } from './uof/replay.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The built-in book's wallet client (the wallet API's operations, in process or over signed HTTP). */
    sportsWallet: SportsWallet;
    /** The ticker alerts of placements, run after their replies (after-reply.ts). */
    sportsPlacementAlerts: AfterReply;
    /** The book's housekeeping pass (maintenance.ts), a periodic job; stopped when the app closes. */
    sportsMaintenance: SportsMaintenance;
    /** The reconciler's counts for the dashboard: open findings, repairs in the last day, runs still working. */
    sportsReconciliation: () => Promise<{ open: number; repairedToday: number; unfinishedRuns: number }>;
    /** The UOF feed this process runs (the demo's in process, or the broker's), set by main.ts. */
    sportsFeed: FeedSlot;
  }
}

/**
 * The built-in sportsbook: its player API, its window, the live stream of the events a window shows,
 * the wallet client the back office settles through. `windowExtras`: what the platform adds to the
 * window's page (the reality check); `windowShell`: the window with its first screen rendered.
 */
export async function sportsBook(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    jobs: JobRunner;
    /** How the book reaches the wallet API (in process, or signed HTTP): app.ts decides by the configuration. */
    walletTransport: WalletTransport;
    /** A stake charged in the bet's own transaction, when the wallet is in this database (placement-batch.ts). */
    stakeInBook?: (token: string) => StakeInBook | undefined;
    windowExtras?: WindowExtras;
    windowShell?: WindowShell;
  },
): Promise<void> {
  const wallet = sportsWallet(deps.walletTransport);
  app.decorate('sportsWallet', wallet);
  const alerts = afterReply((error) => app.log.error({ err: error }, 'ticker alerts failed'));
  app.decorate('sportsPlacementAlerts', alerts);
  // Before the database closes: the alerts of the last placements finish first.
  app.addHook('onClose', () => alerts.idle());
  await sportsApi(app, {
    db: deps.db,
    wallet,
    currency: deps.config.currency,
    afterReply: alerts,
    stakeInBook: deps.stakeInBook,
  });
  await sportsPage(app, deps.db, deps.config.webRoot, deps.windowExtras, deps.windowShell);
  const feedSlot: FeedSlot = { current: undefined };
  app.decorate('sportsFeed', feedSlot);
  await uofReplayRoutes(app, { secret: deps.config.sportsFeedSecret, slot: feedSlot });
  await sportsLiveRoutes(
    app,
    app.live,
    (ids) => listEvents(deps.db, { eventIds: ids, limit: READ_PAGE }),
    (above, limit) => listEvents(deps.db, { idAbove: above, limit }),
  );
  const maintenance = sportsMaintenance(deps.db, wallet, {
    everyMs: deps.config.sportsHousekeepingMs,
    jobs: deps.jobs,
    onError: (error) => app.log.warn({ err: error }, 'sportsbook maintenance pass failed'),
  });
  app.decorate('sportsMaintenance', maintenance);
  priceHistoryRetention(deps.db, deps.jobs, deps.config.sportsPriceHistoryDays, app.log);
  app.decorate('sportsReconciliation', async () => ({
    ...(await reconcileCounts(deps.db)),
    unfinishedRuns: await unfinishedRuns(deps.db),
  }));
  // A restart after a crash resumes the book's unfinished work at once, not a period later.
  app.addHook('onListen', async () => maintenance.kick());
  // Before the database closes (main.ts and the tests close the app first).
  app.addHook('onClose', async () => maintenance.stop());
}
