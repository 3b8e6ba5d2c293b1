import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { Registry } from 'prom-client';
import { builtInWallet, stakeInSameDatabase } from './built-in-wallet.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { reportReader } from './db/report-reader.ts';
import { scheduleHousekeeping } from './housekeeping.ts';
import { compressReplies } from './http/compression.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { logSerializers } from './http/log-error.ts';
import { memberApi } from './http/member-api.ts';
import { metricsRoute } from './http/metrics-route.ts';
import { apiDocs } from './http/openapi/api-docs.ts';
import { requestLocale } from './http/page-i18n.ts';
import { probes } from './http/probes.ts';
import { publicApi } from './http/public-api/public-api.ts';
import { observeRequests } from './http/request-observer.ts';
import { securityHeaders } from './http/security-headers.ts';
import { sendSportsShell } from './http/sports-shell.ts';
import { StreamSlots } from './http/stream-slots.ts';
import { installTextGuard } from './http/text-guard.ts';
import { answerUnroutable } from './http/unroutable.ts';
import { webStatic } from './http/web-static.ts';
import type { JobRunner } from './jobs/jobs.ts';
import { pgBossJobs } from './jobs/pg-boss-jobs.ts';
import { appMetrics } from './metrics/app-metrics.ts';
import { processRegistry } from './metrics/process-metrics.ts';
import { systemHealth } from './metrics/system-health.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createAttemptLimits } from './modules/accounts/attempt-limits.ts';
import { securityRoutes } from './modules/accounts/security.routes.ts';
import { findSessionMember } from './modules/accounts/sessions.service.ts';
import { adminApi } from './modules/backoffice/admin-api.ts';
import { cashierRoutes } from './modules/cashier/cashier.routes.ts';
import { paymentSessionCounts } from './modules/cashier/payments/payment-session-counts.service.ts';
import { recordedPaymentStatus } from './modules/cashier/payments/payments.service.ts';
import type { PaymentProvider } from './modules/cashier/payments/provider.ts';
import { paymentWebhooks } from './modules/cashier/payments/webhook.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { gamesRoutes } from './modules/games/games.routes.ts';
import { walletApi } from './modules/games/wallet/wallet.routes.ts';
import { inboxRoutes } from './modules/inbox/inbox.routes.ts';
import { jackpotRoutes } from './modules/jackpot/jackpot.routes.ts';
import { kycRoutes } from './modules/kyc/kyc.routes.ts';
import { kycUploadRoutes } from './modules/kyc/kyc-upload.routes.ts';
import type { LiveHub } from './modules/live/live.hub.ts';
import { liveUpdates } from './modules/live/live.plugin.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { outboxBacklog } from './modules/outbox/outbox.service.ts';
import { createOutboxWorker, type OutboxWorker } from './modules/outbox/outbox.worker.ts';
import type { MessageTransport } from './modules/outbox/provider.ts';
import { promotionsRoutes } from './modules/promotions/promotions.routes.ts';
import { protectionRoutes } from './modules/protection/protection.routes.ts';
import { realityMarkup, realityWindowFiles } from './modules/protection/reality-window.ts';
import { siteTableRules } from './modules/sites/site-settings.ts';
import { createSiteResolver, type SiteResolver } from './modules/sites/sites.service.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { vaultRoutes } from './modules/vault/vault.routes.ts';
import { houseProvider } from './providers/house/house.provider.ts';
import { houseGameServer } from './providers/house/house.routes.ts';
import { payUnpaidRounds, UNPAID_SWEEP_MS } from './providers/house/unpaid-rounds.ts';
import { walletClient } from './providers/house/wallet-client.ts';
import { sandboxMessageRoutes } from './providers/messaging/sandbox.routes.ts';
import { createMessageSandbox } from './providers/messaging/sandbox.transport.ts';
import { smtpTransport } from './providers/messaging/smtp.transport.ts';
import { twilioSmsTransport } from './providers/messaging/twilio.transport.ts';
import { hostedPspProvider } from './providers/payments/hosted/hosted-psp.provider.ts';
import { sandboxPages } from './providers/payments/sandbox/sandbox.pages.ts';
import { sandboxProvider } from './providers/payments/sandbox/sandbox.provider.ts';
import { cancelBetsOnBreak } from './providers/sports/protection-hook.ts';
import { sportsBook } from './providers/sports/sports.plugin.ts';
import { sportsProvider } from './providers/sports/sports.provider.ts';
import { recentBets } from './providers/sports/ticker.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Host → site lookup, cached; operators' edits call `invalidate()`. */
    sites: SiteResolver;
    /** The live-update streams this process holds (modules/live). */
    live: LiveHub;
    /** Every live stream open on this process, by who holds it: each holder's are capped (http/sse.ts). */
    streams: StreamSlots;
    /** Sends e-mail and SMS from the outbox; main.ts starts it, tests call runOnce(). */
    outbox: OutboxWorker;
    /** Background work once per period across all processes (jobs/jobs.ts); main.ts starts it. */
    jobs: JobRunner;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** A replica (DATABASE_REPLICA_URL) the back office's reports read while it is fresh enough. */
  replica?: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
}

/**
 * A hop count becomes an explicit rule (the socket's peer and the next hops-1 X-Forwarded-For
 * entries from the right are proxies): Fastify's own numeric option trusted nothing here.
 */
function trustedProxies(setting: Config['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/**
 * The outbox worker and its transports: SMTP when configured; outside production the message sandbox
 * takes SMS (SMS_PROVIDER=sandbox) and, without SMTP, e-mail too, and shows them at /sandbox/messages.
 */
async function messaging(app: FastifyInstance, database: Database, config: Config) {
  const sandbox = config.production ? undefined : createMessageSandbox();
  const transports: MessageTransport[] = [];
  const smtp = config.smtp ? smtpTransport(config.smtp) : undefined;
  if (smtp) transports.push(smtp);
  else if (sandbox) transports.push(sandbox.transport('email'));
  if (config.smsProvider === 'sandbox' && sandbox) transports.push(sandbox.transport('sms'));
  if (config.twilio) transports.push(twilioSmsTransport(config.twilio));
  if (sandbox) await sandboxMessageRoutes(app, sandbox);
  const worker = createOutboxWorker({
    db: database.db,
    transports,
    pollMs: config.outboxPollMs,
    leaseMs: config.outboxLeaseMs,
    retryBaseMs: config.outboxRetryBaseMs,
    log: app.log,
  });
  app.decorate('outbox', worker);
  app.addHook('onClose', async () => {
    await worker.stop();
    smtp?.close();
  });
}

/** The whole HTTP surface: cross-cutting plugins, then each module's routes, then the error handler. */
export async function buildApp({
  config,
  database,
  replica,
  logger = true,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logStream
      ? { level: 'info', stream: logStream, serializers: logSerializers }
      : logger
        ? { level: config.logLevel, serializers: logSerializers }
        : false,
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 64 * 1024,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    frameworkErrors: answerUnroutable,
    // One line per request only when it failed or was slow (http/request-observer.ts).
    logController: new LogController({ disableRequestLogging: true }),
  });
  installErrorHandler(app);
  installTextGuard(app);
  await app.register(fastifyCookie);
  await compressReplies(app);
  observeRequests(app, config.slowRequestMs);
  await securityHeaders(app);

  const jobs = pgBossJobs(database, app.log);
  app.decorate('jobs', jobs);
  // Before the database closes (main.ts and the tests close the app first).
  app.addHook('onClose', async () => jobs.stop());
  const limits = createAttemptLimits(database.db, config);
  const sites = createSiteResolver(database.db);
  app.decorate('sites', sites);
  app.decorate(
    'streams',
    new StreamSlots({ perMember: config.liveStreamsPerMember, perAddress: config.liveStreamsPerAddress }),
  );
  const paymentProviders = new Map<string, PaymentProvider>([
    ['sandbox', sandboxProvider(config.sandboxPspSecret, (id) => recordedPaymentStatus(database.db, id))],
  ]);
  // A real provider, when configured (README: PSP_*), beside the sandbox.
  if (config.psp) paymentProviders.set(config.psp.code, hostedPspProvider(config.psp));
  await messaging(app, database, config);
  const gameProviders = new Map([
    [houseProvider.code, houseProvider],
    [sportsProvider.code, sportsProvider],
  ]);
  const memberRoutes = {
    db: database.db,
    config,
    limits,
    resolveSite: sites.resolve,
    resolveMember: (token: string, options: { withCounts?: boolean }) =>
      findSessionMember(database.db, config, token, options),
    handlers: {
      ...accountsRoutes,
      ...securityRoutes,
      ...cashierRoutes(paymentProviders, config.sandboxPspSecret),
      ...supportRoutes,
      ...inboxRoutes,
      ...contentRoutes,
      ...gamesRoutes(gameProviders),
      ...jackpotRoutes,
      ...vaultRoutes,
      ...promotionsRoutes,
      ...kycRoutes,
      ...protectionRoutes({ onStarted: [cancelBetsOnBreak(() => app.sportsWallet)] }),
    },
  };
  await memberApi(app, memberRoutes);
  // Verification documents: a file's bytes, so their own route beside the JSON member API.
  await kycUploadRoutes(app, {
    db: database.db,
    limits,
    resolveMember: (token) => memberRoutes.resolveMember(token, {}),
  });
  // SPEC §7's backend paths for older front ends: the same routes behind their own transport.
  await publicApi(app, memberRoutes);
  const { operatorFeed, tickerFeed } = await liveUpdates(app, database, config, async () => ({
    bets: await recentBets(database.db),
  }));
  await walletApi(app, {
    db: database.db,
    config,
    secrets: new Map([
      [houseProvider.code, config.houseWalletSecret],
      [sportsProvider.code, config.sportsWalletSecret],
    ]),
  });
  const houseWallet = walletClient(
    builtInWallet({ db: database.db, config }, houseProvider.code, config.houseWalletSecret),
  );
  await houseGameServer(app, {
    db: database.db,
    currency: config.currency,
    rules: config.houseRules,
    demoSite: async (hostname) => {
      const site = await app.sites.resolve(hostname);
      return { rules: siteTableRules(site.settings, config.houseRules), currency: site.currency };
    },
    wallet: houseWallet,
  });
  // The built-in games' wins a failover kept from the wallet, sent again until taken.
  jobs.every('house-unpaid-rounds', UNPAID_SWEEP_MS, () =>
    payUnpaidRounds(database.db, houseWallet, app.log),
  );
  await sportsBook(app, {
    db: database.db,
    config,
    walletTransport: builtInWallet(
      { db: database.db, config },
      sportsProvider.code,
      config.sportsWalletSecret,
    ),
    stakeInBook: stakeInSameDatabase(config, sportsProvider.code),
    jobs,
    // Player protection's reality check rides on the sports window, as on the built-in games' window.
    windowExtras: (request) => realityMarkup(requestLocale(request), 'sportsbook'),
    // Its first screen rendered with the page, as the home page is (issue 35).
    windowShell: (request, reply, webRoot, extras) => sendSportsShell(app, request, reply, webRoot, extras),
  });
  await mediaRoutes(app, database.db);
  await realityWindowFiles(app);
  const paymentMode = { production: config.production };
  await adminApi(app, {
    db: database.db,
    reports: reportReader(database.db, replica, config.replicaMaxLagSeconds),
    limits,
    totpKeys: config,
    paymentProviders: [...paymentProviders.keys()],
    testOnlyPaymentProviders: [...paymentProviders.values()].filter((p) => p.testOnly).map((p) => p.code),
    paymentMode,
    operatorFeed,
    tickerFeed,
  });
  await paymentWebhooks(app, { db: database.db, providers: paymentProviders, mode: paymentMode });
  scheduleHousekeeping(jobs, database.db, paymentProviders, app.log);
  await sandboxPages(app, { db: database.db, config });
  await apiDocs(app);
  await probes(app, database.db);
  // One registry for Prometheus (GET /metrics, with its token) and the back office's health screen.
  const metrics = Registry.merge([
    processRegistry,
    appMetrics({
      database,
      openStreams: () => app.live.size,
      settlement: () => app.sportsReconciliation(),
      paymentSessions: () => paymentSessionCounts(database.db),
      outbox: () => outboxBacklog(database.db),
    }),
  ]);
  app.decorate('systemHealth', () => systemHealth(metrics, database));
  await metricsRoute(app, config.metricsToken, metrics);
  await webStatic(app, config.webRoot);
  return app;
}
