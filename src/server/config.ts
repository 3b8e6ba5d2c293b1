import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { isSupportedCountry } from 'libphonenumber-js';
import type { TwilioOptions } from './providers/messaging/twilio.transport.ts';

/** Runtime configuration, read once from the environment (README lists every variable). */
export interface Config {
  port: number;
  host: string;
  /** postgres://... selects a PostgreSQL server; otherwise PGlite under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * DATABASE_DIRECT_URL: a session connection to the primary when DATABASE_URL is a transaction
   * pooler (pgbouncer): LISTEN and the migrations' lock go there.
   */
  databaseDirectUrl: string | undefined;
  /** DATABASE_REPLICA_URL: a standby the back office's dashboard, searches and reports read from. */
  databaseReplicaUrl: string | undefined;
  /** Past this lag (REPLICA_MAX_LAG_SECONDS) or with the replica down, those reads go to the primary. */
  replicaMaxLagSeconds: number;
  /** Connections each process keeps to PostgreSQL. */
  dbPoolSize: number;
  seedDemo: boolean;
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** Failed logins allowed per account and per address within loginWindowMs. */
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  loginWindowMs: number;
  /** Id, nick and referral-code checks per address in ten minutes; Infinity counts none (benchmarks). */
  availabilityChecksPerWindow: number;
  /** Live streams one member (or operator) may hold open on one process; Infinity: no cap (benchmarks). */
  liveStreamsPerMember: number;
  /** Live streams without a session one address may hold open on one process; Infinity: no cap. */
  liveStreamsPerAddress: number;
  /** Where the built member site lives; absent in API-only tests. */
  webRoot: string | undefined;
  /**
   * Which X-Forwarded-* entries to believe: false (none, the default), a number of proxy hops in
   * front of this server, or the proxies' own addresses/CIDRs. Never "trust everything": the
   * left-most X-Forwarded-For entry is whatever the client wrote.
   */
  trustProxy: false | number | string;
  logLevel: string;
  /** A request is logged (at info) when it took at least this long, or failed with a 5xx. */
  slowRequestMs: number;
  /** Bearer token Prometheus sends to GET /metrics; unset, the endpoint does not exist. */
  metricsToken: string | undefined;
  /** HMAC secret shared with the built-in sandbox payment provider. */
  sandboxPspSecret: string;
  /** Where payment providers send webhooks (this server, as the outside world reaches it). */
  publicUrl: string;
  /**
   * Where the built-in games and sportsbook reach the wallet API (BUILT_IN_WALLET_URL): unset, the
   * wallet of this process, called in process (no loopback HTTP, no signature); set (a wallet on
   * another host), signed HTTP to <url>/wallet/<provider>/<op>, as an outside provider calls it.
   */
  builtInWalletUrl: string | undefined;
  /** Signing secret of the built-in game provider's wallet calls. */
  houseWalletSecret: string;
  /** Signing secret of the built-in sportsbook's wallet calls. */
  sportsWalletSecret: string;
  /**
   * The built-in tables' rule options: roulette's la partage (HOUSE_ROULETTE_LA_PARTAGE=1) and a
   * blackjack dealer who hits soft 17 (HOUSE_BLACKJACK_H17=1). Each round records the rules it ran by.
   */
  houseRules: { laPartage: boolean; dealerHitsSoft17: boolean };
  /**
   * How often the sportsbook's housekeeping runs (resumes settlements, resends payments, reconciles);
   * a bet left pending by a crash is given three such periods (at least 5 s) before it is refunded.
   */
  sportsHousekeepingMs: number;
  /** Price history (sb_price_history) older than this many days is deleted hourly; 0 keeps it all. */
  sportsPriceHistoryDays: number;
  /** ISO code of the one currency; amounts are in its minor unit. */
  currency: string;
  /** NODE_ENV=production: test payment providers credit nothing unless a site switched test payments on. */
  production: boolean;
  /** A real payment provider (hosted page, signed callback, status query), when PSP_BASE_URL is set. */
  psp: { code: string; baseUrl: string; merchantId: string; secret: string } | undefined;
  /** E-mail through SMTP (SMTP_URL, MAIL_FROM); without it, outside production, e-mail goes to the message sandbox. */
  smtp: { url: string; from: string } | undefined;
  /** The SMS provider: `sandbox` (the built-in one, outside production only), `twilio`, or none. */
  smsProvider: 'sandbox' | 'twilio' | undefined;
  /** Twilio's account, sender and the country of local numbers, when SMS_PROVIDER=twilio. */
  twilio: TwilioOptions | undefined;
  /** The outbox worker: how often it looks, how long a claim lasts, the first retry's wait. */
  outboxPollMs: number;
  outboxLeaseMs: number;
  outboxRetryBaseMs: number;
  /** How long a password recovery code works. */
  resetCodeTtlMs: number;
  /** Every "forgot password" answer takes at least this long, whether or not the account exists. */
  recoveryAnswerMs: number;
  /** The Unified Odds Feed (docs/operations.md, "The odds feed"), when UOF_AMQP_URL is set. */
  uof: UofConfig | undefined;
  /** Signs `npm run sports:replay` messages to this server (unset: replay refused). */
  sportsFeedSecret: string | undefined;
  /**
   * TOTP_SECRET_KEY (32 bytes): seals the stored TOTP secrets and recovery codes and keys the HMAC
   * of reset codes (modules/accounts/secret-box.ts). Required in production; it must outlive restarts
   * and be the same in every process, so outside production the default is a fixed development key.
   */
  totpSecretKey: Buffer;
  /**
   * TOTP_SECRET_KEY_PREVIOUS (optional, 32 bytes): during a key rotation, the key being replaced. It
   * still opens what it sealed (and matches codes it keyed) until `npm run totp:reseal` has sealed
   * every stored secret and recovery code under TOTP_SECRET_KEY; then it is removed (docs/operations.md).
   */
  totpSecretKeyPrevious: Buffer | undefined;
}

export interface UofConfig {
  amqpUrl: string;
  exchange: string;
  bindings: string[];
  /** A named durable queue; unset, a server-named one per connection. */
  queue: string | undefined;
  /** The REST API (…/v1) for fixtures and recoveries, and its access token. */
  apiUrl: string;
  accessToken: string;
  aliveTimeoutMs: number;
  /** The most queued messages a lane applies in one transaction (1: one by one). */
  maxBatch?: number;
}

const MINUTE = 60_000;

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) {
    throw new Error(
      min === 0 ? `${name} must be a non-negative integer` : `${name} must be an integer of at least ${min}`,
    );
  }
  return value;
}

function requiredWith(env: NodeJS.ProcessEnv, name: string, because: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} must be set when ${because} is`);
  return value;
}

const PROXY_ADDRESS = /^[0-9a-fA-F.:]+(\/\d{1,3})?$/;

/** TRUST_PROXY: unset or 0 (no proxy), a hop count (1 = one proxy in front), or a comma list of proxy addresses. */
export function trustProxyFrom(raw: string | undefined): false | number | string {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((e) => e.trim());
  if (entries.every((e) => PROXY_ADDRESS.test(e) && isIP(e.split('/')[0]!) !== 0)) return entries.join(',');
  throw new Error(
    'TRUST_PROXY must be a number of proxy hops (1 for one proxy) or a comma list of proxy addresses',
  );
}

/** A count of at least 1, or `unlimited` (for load benchmarks only). */
function countOrUnlimited(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  if (env[name] === 'unlimited') return Number.POSITIVE_INFINITY;
  return intFrom(env, name, fallback, 1);
}

/** SMS_PROVIDER: `sandbox` (the default outside production), `twilio`, or `none`. */
function smsProviderFrom(env: NodeJS.ProcessEnv): 'sandbox' | 'twilio' | undefined {
  const value = env.SMS_PROVIDER ?? (env.NODE_ENV === 'production' ? 'none' : 'sandbox');
  if (value === 'sandbox' || value === 'twilio') return value;
  if (value === 'none' || value === '') return undefined;
  throw new Error('SMS_PROVIDER must be sandbox, twilio or none');
}

/** TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (all required), TWILIO_API_URL, SMS_DEFAULT_COUNTRY (TH). */
function twilioFrom(env: NodeJS.ProcessEnv): TwilioOptions | undefined {
  if (smsProviderFrom(env) !== 'twilio') return undefined;
  const country = (env.SMS_DEFAULT_COUNTRY || 'TH').toUpperCase();
  if (!isSupportedCountry(country)) throw new Error(`SMS_DEFAULT_COUNTRY: ${country} is not a country code`);
  return {
    accountSid: requiredWith(env, 'TWILIO_ACCOUNT_SID', 'SMS_PROVIDER=twilio'),
    authToken: requiredWith(env, 'TWILIO_AUTH_TOKEN', 'SMS_PROVIDER=twilio'),
    from: requiredWith(env, 'TWILIO_FROM', 'SMS_PROVIDER=twilio'),
    apiUrl: env.TWILIO_API_URL || 'https://api.twilio.com',
    defaultCountry: country,
  };
}

/**
 * The development key outside production: public (it is here), so a dev database's secrets are only
 * as secret as the code; never for real members. Random would lose every sealed secret at a restart.
 */
const DEVELOPMENT_TOTP_KEY = Buffer.from('royal-casino development key!!!!', 'utf8');

/** 32 bytes as 64 hex digits or as base64, or an error naming the setting. */
function keyFrom(name: string, raw: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) {
    throw new Error(`${name} must be 32 bytes: 64 hex digits or base64 (openssl rand -hex 32)`);
  }
  return key;
}

/** TOTP_SECRET_KEY_PREVIOUS: unset, or 32 bytes as TOTP_SECRET_KEY (and not the same key). */
export function totpSecretKeyPreviousFrom(env: NodeJS.ProcessEnv, current: Buffer): Buffer | undefined {
  const raw = env.TOTP_SECRET_KEY_PREVIOUS?.trim() ?? '';
  if (raw === '') return undefined;
  const previous = keyFrom('TOTP_SECRET_KEY_PREVIOUS', raw);
  if (previous.equals(current)) {
    throw new Error(
      'TOTP_SECRET_KEY_PREVIOUS is the same key as TOTP_SECRET_KEY: set the new key as TOTP_SECRET_KEY',
    );
  }
  return previous;
}

/** TOTP_SECRET_KEY: 32 bytes as 64 hex digits or as base64. */
export function totpSecretKeyFrom(env: NodeJS.ProcessEnv): Buffer {
  const raw = env.TOTP_SECRET_KEY?.trim() ?? '';
  if (raw === '') {
    if (env.NODE_ENV === 'production') {
      throw new Error('TOTP_SECRET_KEY must be set in production: 32 random bytes (openssl rand -hex 32)');
    }
    return DEVELOPMENT_TOTP_KEY;
  }
  return keyFrom('TOTP_SECRET_KEY', raw);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  if (env.PSP_BASE_URL && (!env.PSP_SECRET || !env.PSP_MERCHANT_ID)) {
    throw new Error('PSP_BASE_URL needs PSP_MERCHANT_ID and PSP_SECRET');
  }
  const totpSecretKey = totpSecretKeyFrom(env);
  return {
    port: intFrom(env, 'PORT', 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? './data/pglite',
    databaseDirectUrl: env.DATABASE_DIRECT_URL || undefined,
    databaseReplicaUrl: env.DATABASE_REPLICA_URL || undefined,
    replicaMaxLagSeconds: intFrom(env, 'REPLICA_MAX_LAG_SECONDS', 10, 0),
    // The wallet keeps one connection while its batches follow each other; the rest serve all else.
    dbPoolSize: intFrom(env, 'DB_POOL_SIZE', 10, 2),
    seedDemo: env.SEED_DEMO !== '0',
    sessionIdleMs: intFrom(env, 'SESSION_IDLE_MINUTES', 30) * MINUTE,
    sessionMaxMs: intFrom(env, 'SESSION_MAX_HOURS', 12) * 60 * MINUTE,
    loginMaxFailuresPerAccount: intFrom(env, 'LOGIN_MAX_FAILURES_ACCOUNT', 5),
    loginMaxFailuresPerAddress: intFrom(env, 'LOGIN_MAX_FAILURES_ADDRESS', 20),
    loginWindowMs: intFrom(env, 'LOGIN_WINDOW_MINUTES', 15) * MINUTE,
    availabilityChecksPerWindow: countOrUnlimited(env, 'AVAILABILITY_CHECKS_PER_WINDOW', 30),
    liveStreamsPerMember: countOrUnlimited(env, 'LIVE_STREAMS_PER_MEMBER', 20),
    liveStreamsPerAddress: countOrUnlimited(env, 'LIVE_STREAMS_PER_ADDRESS', 100),
    webRoot: env.WEB_ROOT ?? 'dist/web',
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    slowRequestMs: intFrom(env, 'SLOW_REQUEST_MS', 1000),
    metricsToken: env.METRICS_TOKEN || undefined,
    // One process signs and verifies; several processes need the same SANDBOX_PSP_SECRET.
    sandboxPspSecret: env.SANDBOX_PSP_SECRET || randomBytes(32).toString('hex'),
    builtInWalletUrl: env.BUILT_IN_WALLET_URL?.replace(/\/$/, '') || undefined,
    houseWalletSecret: env.HOUSE_WALLET_SECRET || randomBytes(32).toString('hex'),
    sportsWalletSecret: env.SPORTS_WALLET_SECRET || randomBytes(32).toString('hex'),
    houseRules: {
      laPartage: env.HOUSE_ROULETTE_LA_PARTAGE === '1',
      dealerHitsSoft17: env.HOUSE_BLACKJACK_H17 === '1',
    },
    sportsHousekeepingMs: intFrom(env, 'SPORTS_HOUSEKEEPING_MS', 10_000, 100),
    sportsPriceHistoryDays: intFrom(env, 'SPORTS_PRICE_HISTORY_DAYS', 30),
    currency: env.CURRENCY ?? 'KRW',
    production: env.NODE_ENV === 'production',
    psp: env.PSP_BASE_URL
      ? {
          code: env.PSP_CODE || 'psp',
          baseUrl: env.PSP_BASE_URL,
          merchantId: env.PSP_MERCHANT_ID ?? '',
          secret: env.PSP_SECRET ?? '',
        }
      : undefined,
    uof: env.UOF_AMQP_URL
      ? {
          amqpUrl: env.UOF_AMQP_URL,
          exchange: env.UOF_AMQP_EXCHANGE || 'unifiedfeed',
          bindings: (env.UOF_AMQP_BINDINGS || '#').split(',').map((b) => b.trim()),
          queue: env.UOF_AMQP_QUEUE || undefined,
          apiUrl: requiredWith(env, 'UOF_API_URL', 'UOF_AMQP_URL'),
          accessToken: env.UOF_ACCESS_TOKEN ?? '',
          aliveTimeoutMs: intFrom(env, 'UOF_ALIVE_TIMEOUT_MS', 20_000, 1_000),
          maxBatch: intFrom(env, 'UOF_MAX_BATCH', 500, 1),
        }
      : undefined,
    sportsFeedSecret: env.SPORTS_FEED_SECRET || undefined,
    totpSecretKey,
    totpSecretKeyPrevious: totpSecretKeyPreviousFrom(env, totpSecretKey),
    smtp: env.SMTP_URL
      ? { url: env.SMTP_URL, from: env.MAIL_FROM || 'Royal Casino <no-reply@localhost>' }
      : undefined,
    smsProvider: smsProviderFrom(env),
    twilio: twilioFrom(env),
    outboxPollMs: intFrom(env, 'OUTBOX_POLL_MS', 2000, 50),
    outboxLeaseMs: intFrom(env, 'OUTBOX_LEASE_MS', 60_000, 10),
    outboxRetryBaseMs: intFrom(env, 'OUTBOX_RETRY_BASE_MS', 5000, 1),
    resetCodeTtlMs: intFrom(env, 'RESET_CODE_MINUTES', 15, 1) * MINUTE,
    recoveryAnswerMs: intFrom(env, 'RECOVERY_ANSWER_MS', 400),
    publicUrl: (env.PUBLIC_URL || `http://127.0.0.1:${intFrom(env, 'PORT', 3000)}`).replace(/\/$/, ''),
  };
}
