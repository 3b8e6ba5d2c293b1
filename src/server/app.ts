import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { memberApi } from './http/member-api.ts';
import { apiDocs } from './http/openapi/api-docs.ts';
import { requestLocale } from './http/page-i18n.ts';
import { probes } from './http/probes.ts';
import { publicApi } from './http/public-api/public-api.ts';
import { securityHeaders } from './http/security-headers.ts';
import { installTextGuard } from './http/text-guard.ts';
import { webStatic } from './http/web-static.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createAttemptLimits } from './modules/accounts/attempt-limits.ts';
import { findSessionMember } from './modules/accounts/sessions.service.ts';
import { adminApi } from './modules/backoffice/admin-api.ts';
import { cashierRoutes } from './modules/cashier/cashier.routes.ts';
import { findPaymentSession } from './modules/cashier/payments/payments.service.ts';
import type { PaymentProvider } from './modules/cashier/payments/provider.ts';
import { paymentWebhooks } from './modules/cashier/payments/webhook.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { gamesRoutes } from './modules/games/games.routes.ts';
import { walletApi } from './modules/games/wallet/wallet.routes.ts';
import { inboxRoutes } from './modules/inbox/inbox.routes.ts';
import { jackpotRoutes } from './modules/jackpot/jackpot.routes.ts';
import type { LiveHub } from './modules/live/live.hub.ts';
import { liveUpdates } from './modules/live/live.plugin.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { protectionRoutes } from './modules/protection/protection.routes.ts';
import { realityMarkup, realityWindowFiles } from './modules/protection/reality-window.ts';
import { createSiteResolver, type SiteResolver } from './modules/sites/sites.service.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { vaultRoutes } from './modules/vault/vault.routes.ts';
import { houseProvider } from './providers/house/house.provider.ts';
import { houseGameServer } from './providers/house/house.routes.ts';
import { walletClient } from './providers/house/wallet-client.ts';
import { hostedPspProvider } from './providers/payments/hosted/hosted-psp.provider.ts';
import { sandboxPages } from './providers/payments/sandbox/sandbox.pages.ts';
import { sandboxProvider } from './providers/payments/sandbox/sandbox.provider.ts';
import { cancelBetsOnBreak } from './providers/sports/protection-hook.ts';
import { sportsBook } from './providers/sports/sports.plugin.ts';
import { sportsProvider } from './providers/sports/sports.provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Host → site lookup, cached; operators' edits call `invalidate()`. */
    sites: SiteResolver;
    /** The live-update streams this process holds (modules/live). */
    live: LiveHub;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
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

/** The whole HTTP surface: cross-cutting plugins, then each module's routes, then the error handler. */
export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logStream ? { level: 'info', stream: logStream } : logger ? { level: config.logLevel } : false,
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 64 * 1024,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
  });
  installErrorHandler(app);
  installTextGuard(app);
  await app.register(fastifyCookie);
  await securityHeaders(app);

  const limits = createAttemptLimits(database.db, config);
  const sites = createSiteResolver(database.db);
  app.decorate('sites', sites);
  const paymentProviders = new Map<string, PaymentProvider>([
    ['sandbox', sandboxProvider(config.sandboxPspSecret, async (id) => findPaymentSession(database.db, id))],
  ]);
  // A real provider, when configured (README: PSP_*), beside the sandbox.
  if (config.psp) paymentProviders.set(config.psp.code, hostedPspProvider(config.psp));
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
      ...cashierRoutes(paymentProviders, config.sandboxPspSecret),
      ...supportRoutes,
      ...inboxRoutes,
      ...contentRoutes,
      ...gamesRoutes(gameProviders),
      ...jackpotRoutes,
      ...vaultRoutes,
      ...protectionRoutes({ onStarted: [cancelBetsOnBreak(() => app.sportsWallet)] }),
    },
  };
  await memberApi(app, memberRoutes);
  // SPEC §7's backend paths for older front ends: the same routes behind their own transport.
  await publicApi(app, memberRoutes);
  const operatorFeed = await liveUpdates(app, database, config);
  await walletApi(app, {
    db: database.db,
    config,
    secrets: new Map([
      [houseProvider.code, config.houseWalletSecret],
      [sportsProvider.code, config.sportsWalletSecret],
    ]),
  });
  await houseGameServer(app, {
    db: database.db,
    currency: config.currency,
    rules: config.houseRules,
    wallet: walletClient(() => config.publicUrl, config.houseWalletSecret),
  });
  await sportsBook(app, {
    db: database.db,
    config,
    // Player protection's reality check rides on the sports window, as on the built-in games' window.
    windowExtras: (request) => realityMarkup(requestLocale(request), 'sportsbook'),
  });
  await mediaRoutes(app, database.db);
  await realityWindowFiles(app);
  const paymentMode = { production: config.production };
  await adminApi(app, {
    db: database.db,
    limits,
    paymentProviders: [...paymentProviders.keys()],
    testOnlyPaymentProviders: [...paymentProviders.values()].filter((p) => p.testOnly).map((p) => p.code),
    paymentMode,
    operatorFeed,
  });
  await paymentWebhooks(app, { db: database.db, providers: paymentProviders, mode: paymentMode });
  await sandboxPages(app, { db: database.db, config });
  await apiDocs(app);
  await probes(app, database.db);
  await webStatic(app, config.webRoot);
  return app;
}
