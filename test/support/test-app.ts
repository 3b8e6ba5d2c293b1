import type { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { type Config, readConfig } from '../../src/server/config.ts';
import { type Database, type Db, openDatabase } from '../../src/server/db/client.ts';
import { seedDemo } from '../../src/server/db/seed-demo.ts';
import type { RouteName } from '../../src/shared/contract/routes.ts';
import { type DbGate, startDbGate } from './db-gate.ts';
import { createTestDatabase } from './test-db.ts';

export const ORIGIN = 'http://localhost:80';

export interface CallOptions {
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** With `{ replica: true }`: a second database the back office's reports read (DATABASE_REPLICA_URL). */
  replica?: Database;
  /** With `{ gate: true }`: what stands between the app and its database (`db` goes through it too). */
  gate?: DbGate;
  config: Config;
  /** POST /api/routes/<name> as a browser on our own origin would send it. */
  call(route: RouteName | string, body?: unknown, options?: CallOptions): Promise<LightMyRequestResponse>;
  register(overrides?: Partial<RegisterBody>): Promise<RegisterBody>;
  /** A bank from the list of the site these options reach, as the registration form offers. */
  siteBank(options?: CallOptions): Promise<string>;
  /** Registers (unless `existing`) and logs in; returns the bearer token. */
  login(member?: Partial<RegisterBody>, existing?: boolean): Promise<{ token: string; member: RegisterBody }>;
}

export interface RegisterBody {
  id: string;
  pw: string;
  nick: string;
  phone: string;
  bankname: string;
  bankOwner: string;
  banknum: string;
  code?: string;
  email?: string;
  birthDate: string;
  terms: true;
}

let counter = 0;
export function newMember(overrides: Partial<RegisterBody> = {}): RegisterBody {
  counter += 1;
  const suffix = `${process.pid % 1000}x${counter}`;
  return {
    id: `player${suffix}`,
    pw: 'secret123',
    nick: `nick${suffix}`,
    phone: '010-1234-5678',
    bankname: 'KB Bank',
    bankOwner: 'Kim Player',
    banknum: '123-456-7890',
    birthDate: '1990-04-01',
    terms: true,
    ...overrides,
  };
}

/**
 * Builds the app on a fresh database for the calling test file and closes both afterwards; with
 * `seedDemo`, the demo content is seeded, and with `listen` the app listens on a free local port (its
 * public URL), before the file's own `beforeAll` runs.
 */
export function useTestApp(
  configOverrides: Partial<Config> = {},
  options: {
    logStream?: Writable;
    replica?: boolean;
    seedDemo?: boolean;
    listen?: boolean;
    /** PostgreSQL: the app reaches its database through a DbGate (`gate`), as through HAProxy. */
    gate?: boolean;
  } = {},
): TestApp {
  const ctx = {} as TestApp;
  let direct: Database | undefined;
  beforeAll(async () => {
    direct = await createTestDatabase();
    const gate = options.gate ? await startDbGate(direct.url!) : undefined;
    const database = gate ? await openDatabase({ databaseUrl: gate.url }) : direct;
    const replica = options.replica ? await createTestDatabase() : undefined;
    const config = { ...readConfig({}), webRoot: undefined, ...configOverrides };
    const app = await buildApp({
      config,
      database,
      ...(replica ? { replica } : {}),
      logger: false,
      logStream: options.logStream,
    });
    await app.ready();
    if (options.seedDemo) {
      // The demo sites, games and rates most money tests play on; the site cache must see them.
      await seedDemo(database.db);
      app.sites.invalidate();
    }
    if (options.listen) {
      // For what reaches the app over real HTTP (a game window's server, a payment sandbox's webhook).
      config.publicUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    }
    Object.assign(ctx, { app, db: database.db, database, replica, config, gate });
  });
  afterAll(async () => {
    await ctx.app?.close();
    if (ctx.gate) {
      await ctx.database?.close();
      await ctx.gate.close();
    }
    await direct?.close();
    await ctx.replica?.close();
  });

  ctx.call = (route, body = {}, options = {}) => {
    const headers: Record<string, string> = { origin: ORIGIN, ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    return ctx.app.inject({
      method: 'POST',
      url: `/api/routes/${route}`,
      headers,
      payload: body as object,
      remoteAddress: options.remoteAddress,
    });
  };
  ctx.siteBank = async (options = {}) => {
    const site = (await ctx.call('get-reg-domain', {}, options)).json().site as { banks: string[] };
    return site.banks.includes('KB Bank') || site.banks.length === 0 ? 'KB Bank' : site.banks[0]!;
  };
  ctx.register = async (overrides = {}) => {
    const member = newMember({ bankname: await ctx.siteBank(), ...overrides });
    const res = await ctx.call('user-register', member);
    if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
    return member;
  };
  ctx.login = async (overrides = {}, existing = false) => {
    const member = existing ? newMember(overrides) : await ctx.register(overrides);
    const res = await ctx.call('user-do-login', { id: member.id, pw: member.pw });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
    return { token: res.json().token as string, member };
  };
  return ctx;
}
