import type { UofConfig } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { LiveHub } from '../../../modules/live/live.hub.ts';
import type { SportsWallet } from '../sports-wallet.ts';
import { type AmqpConsumer, amqpConsumer } from './amqp-consumer.ts';
import { type FeedLog, type UofFeed, uofFeed } from './uof-feed.ts';
import { uofParserPool } from './uof-parse-pool.ts';
import { httpUofRest } from './uof-rest.ts';

/** How often the producers' watch looks for silence: a producer down is suspended within about this. */
export const WATCH_EVERY_MS = 1_000;

/** Runs a feed's watch every second until stopped; passes never overlap. */
export function watchEverySecond(feed: UofFeed, log: FeedLog): { stop(): Promise<void> } {
  let current: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (current) return;
    current = feed
      .watch()
      .catch((error: unknown) => log.warn({ err: error }, 'uof producer watch failed'))
      .finally(() => {
        current = undefined;
      });
  }, WATCH_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}

/**
 * The real feed (main.ts, when UOF_AMQP_URL is set): the broker's messages into the adapter, the REST
 * API for fixtures and recoveries, and the producers' watch. The broker's batches are parsed in
 * worker threads (uof-parse-pool.ts), started as they arrive.
 */
export function runUofFeed(
  db: Db,
  wallet: SportsWallet,
  config: UofConfig,
  log: FeedLog,
  /** This process's live hub: the streams it holds get the batches' prices from their commit. */
  live?: Pick<LiveHub, 'origin' | 'sportsCommitted' | 'sportsMissed'>,
): { feed: UofFeed; consumer: AmqpConsumer; stop(): Promise<void> } {
  const rest = httpUofRest(config.apiUrl, config.accessToken);
  const parsers = uofParserPool({ log });
  const feed = uofFeed(
    { db, wallet, rest, log, parse: parsers.parseMany, parsedEarly: parsers.take, live },
    { aliveTimeoutMs: config.aliveTimeoutMs, recoveryTimeoutMs: 300_000 },
  );
  const consumer = amqpConsumer(
    {
      url: config.amqpUrl,
      exchange: config.exchange,
      bindings: config.bindings,
      queue: config.queue,
      maxBatch: config.maxBatch,
    },
    {
      one: (xml) => feed.receive(xml),
      batch: (xmls) => feed.receiveBatch(xmls),
      arrived: (xmls) => parsers.early(xmls),
      lost: (reason, since) => feed.lost(reason, since),
    },
    log,
  );
  void consumer.start();
  const watch = watchEverySecond(feed, log);
  return {
    feed,
    consumer,
    async stop() {
      await watch.stop();
      await consumer.stop();
      await parsers.close();
    },
  };
}
