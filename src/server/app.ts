import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { memberApi } from './http/member-api.ts';
import { probes } from './http/probes.ts';
import { securityHeaders } from './http/security-headers.ts';
import { webStatic } from './http/web-static.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { findSessionMember } from './modules/accounts/sessions.repo.ts';
import { adminApi } from './modules/backoffice/admin.routes.ts';
import { cashierRoutes } from './modules/cashier/cashier.routes.ts';
import { sandboxPages } from './modules/cashier/payments/sandbox/sandbox.pages.ts';
import { sandboxProvider } from './modules/cashier/payments/sandbox/sandbox.provider.ts';
import { paymentWebhooks } from './modules/cashier/payments/webhook.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { gamesRoutes } from './modules/games/games.routes.ts';
import { walletApi } from './modules/games/wallet/wallet.routes.ts';
import { inboxRoutes } from './modules/inbox/inbox.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { createSiteResolver, type SiteResolver } from './modules/sites/sites.service.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { houseProvider } from './providers/house/house.provider.ts';
import { houseGameServer } from './providers/house/house.routes.ts';
import { walletClient } from './providers/house/wallet-client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Host → site lookup, cached; operators' edits call `invalidate()`. */
    sites: SiteResolver;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
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
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
  });
  installErrorHandler(app);
  await app.register(fastifyCookie);
  await securityHeaders(app);

  const sites = createSiteResolver(database.db);
  app.decorate('sites', sites);
  const paymentProviders = new Map([['sandbox', sandboxProvider(config.sandboxPspSecret)]]);
  const gameProviders = new Map([[houseProvider.code, houseProvider]]);
  await memberApi(app, {
    db: database.db,
    config,
    resolveSite: sites.resolve,
    resolveMember: (token, options) => findSessionMember(database.db, config, token, options),
    handlers: {
      ...accountsRoutes,
      ...cashierRoutes(paymentProviders, config.sandboxPspSecret),
      ...supportRoutes,
      ...inboxRoutes,
      ...contentRoutes,
      ...gamesRoutes(gameProviders),
    },
  });
  await walletApi(app, { db: database.db, config, secrets: new Map([['house', config.houseWalletSecret]]) });
  await houseGameServer(app, {
    db: database.db,
    currency: config.currency,
    wallet: walletClient(() => config.publicUrl, config.houseWalletSecret),
  });
  await mediaRoutes(app, database.db);
  await adminApi(app, { db: database.db, paymentProviders: [...paymentProviders.keys()] });
  await paymentWebhooks(app, { db: database.db, providers: paymentProviders });
  await sandboxPages(app, { db: database.db, config });
  await probes(app, database.db);
  await webStatic(app, config.webRoot);
  return app;
}
