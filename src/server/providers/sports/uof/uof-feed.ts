import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import type { LiveHub } from '../../../modules/live/live.hub.ts';
import { feedStamps, stampNow } from '../feed-stamps.ts';
import type { SportsWallet } from '../sports-wallet.ts';
import { producersLost } from './producer-loss.ts';
import { onAlive, onSnapshotComplete, watchProducers } from './producers.ts';
import { applyEventMessage, type Receipt, rejectMessage } from './uof-apply.ts';
import { applyBatch } from './uof-batch.ts';
import { type BatchMessage, isBatchable } from './uof-fold.ts';
import { isEventMessage } from './uof-messages.ts';
import type { UofRest } from './uof-rest.ts';
import { type Parsed, parseUofMessage } from './uof-xml.ts';

/**
 * The one way a UOF message reaches the book: from the broker (amqp-consumer.ts), from the demo feed
 * in process, or from a replayed file. Each message is parsed and checked, then applied once
 * (uof-apply.ts) or handed to the producers' health (producers.ts); a malformed or unknown one is
 * logged, counted (sb_uof_messages, outcome 'rejected') and skipped.
 */
export interface FeedLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface UofFeedOptions {
  /** A producer not heard from for this long goes down (UOF sends alive every 10 s). */
  aliveTimeoutMs: number;
  /** A recovery without its snapshot_complete for this long is asked again. */
  recoveryTimeoutMs: number;
}

export const DEFAULT_FEED_OPTIONS: UofFeedOptions = { aliveTimeoutMs: 20_000, recoveryTimeoutMs: 300_000 };

export interface UofFeed {
  receive(xml: string): Promise<Receipt>;
  /**
   * A lane's queued messages, in order: its price messages applied in one transaction (uof-batch.ts),
   * any other one alone where it stands; a malformed one is rejected and counted by itself.
   */
  receiveBatch(xmls: string[]): Promise<Receipt[]>;
  /** One pass of the producers' watch (the runner calls it every second). */
  watch(): Promise<number[]>;
  /** Messages may have been lost (producer-loss.ts): every producer down, to recover from `since` at the latest. */
  lost(reason: string, since?: number): Promise<void>;
}

export function uofFeed(
  deps: {
    db: Db;
    wallet: SportsWallet;
    rest: UofRest;
    log: FeedLog;
    /** Parses a lane's batch, in order (the broker's feed: worker threads, uof-parse-pool.ts); on this thread by default. */
    parse?: (xmls: string[]) => Promise<Parsed[]>;
    /** A message's parse started as it arrived (uof-parse-pool.ts `take`), if it was. */
    parsedEarly?: (xml: string) => Promise<Parsed> | undefined;
    /** This process's live hub: handed what a batch in one call changed, from its commit (no read). */
    live?: Pick<LiveHub, 'origin' | 'sportsCommitted' | 'sportsMissed'>;
  },
  options: UofFeedOptions = DEFAULT_FEED_OPTIONS,
): UofFeed {
  const { db, rest, log } = deps;
  const applyDeps = { db, wallet: deps.wallet, fixture: (urn: string) => rest.fixture(urn) };
  const parseMany = deps.parse ?? (async (xmls: string[]) => xmls.map(parseUofMessage));
  /** One message, already parsed: rejected and counted, handed to the producers' health, or applied. */
  const receiveParsed = async (parsed: Parsed): Promise<Receipt> => {
    if (!parsed.ok) {
      await rejectMessage(db, parsed.key, parsed.kind, parsed.reason);
      log.warn({ key: parsed.key, kind: parsed.kind, reason: parsed.reason }, 'uof message rejected');
      return { outcome: 'rejected', key: parsed.key, kind: parsed.kind, notes: [parsed.reason] };
    }
    const m = parsed.message;
    if (m.kind === 'alive') {
      await onAlive(db, rest, m).catch((error: unknown) =>
        log.warn({ err: error, product: m.product }, 'uof recovery request failed'),
      );
      return { outcome: 'applied', key: parsed.key, kind: m.kind };
    }
    if (m.kind === 'snapshot_complete') {
      const reopened = await onSnapshotComplete(db, m);
      if (reopened !== undefined) log.info({ product: m.product, reopened }, 'uof producer recovered');
      return { outcome: reopened === undefined ? 'stale' : 'applied', key: parsed.key, kind: m.kind };
    }
    if (!isEventMessage(m)) throw new Error('unreachable');
    const receipt = await applyEventMessage(applyDeps, m, parsed.key);
    if (receipt.outcome === 'rejected')
      log.warn({ key: receipt.key, notes: receipt.notes }, 'uof message rejected');
    return receipt;
  };
  const feed: UofFeed = {
    async receive(xml) {
      const early = deps.parsedEarly?.(xml);
      const parsed = early ? await early : parseUofMessage(xml);
      if (!feedStamps) return receiveParsed(parsed);
      const began = stampNow();
      const receipt = await receiveParsed(parsed);
      if (parsed.ok && parsed.message.kind === 'odds_change')
        feedStamps.bookMessage(
          parsed.message.event_id,
          Number(parsed.message.timestamp),
          began,
          began,
          stampNow(),
        );
      return receipt;
    },
    async receiveBatch(xmls) {
      const out: Receipt[] = [];
      let group: BatchMessage[] = [];
      const flush = async () => {
        if (group.length === 0) return;
        const done = await applyBatch(applyDeps, group, deps.live?.origin);
        if (feedStamps) {
          const committed = stampNow();
          for (const b of group)
            if (b.m.kind === 'odds_change')
              feedStamps.bookMessage(
                b.m.event_id,
                Number(b.m.timestamp),
                parsedAt,
                done.began ?? parsedAt,
                committed,
              );
        }
        // After the stamps: the push's stages are measured from this commit.
        if (done.changed) deps.live?.sportsCommitted(done.changed);
        if (done.pushMissed) deps.live?.sportsMissed();
        if (done.fellBack !== undefined)
          log.warn({ err: done.fellBack, messages: group.length }, 'uof batch applied one by one');
        for (const r of done.receipts)
          if (r.outcome === 'rejected') log.warn({ key: r.key, notes: r.notes }, 'uof message rejected');
        out.push(...done.receipts);
        group = [];
      };
      const all = await parseMany(xmls);
      const parsedAt = feedStamps ? stampNow() : 0;
      for (const parsed of all) {
        if (parsed.ok && isEventMessage(parsed.message) && isBatchable(parsed.message)) {
          group.push({ m: parsed.message, key: parsed.key });
          continue;
        }
        await flush();
        out.push(await receiveParsed(parsed));
      }
      await flush();
      return out;
    },
    async watch() {
      const down = await watchProducers(db, options);
      if (down.length > 0) log.warn({ products: down }, 'uof producers silent: their markets are suspended');
      return down;
    },
    async lost(reason, since) {
      const down = await producersLost(db, reason, since);
      log.warn({ products: down, reason }, 'uof messages may be lost: producers down until they recover');
    },
  };
  return feed;
}

/** What the desk shows of the feed: messages by outcome in the last day. */
export async function uofMessageCounts(db: Db): Promise<Record<string, number>> {
  const rows = await queryRows<{ outcome: string; n: number }>(
    db,
    sql`select outcome, count(*)::int as n from sb_uof_messages where received_at > now() - interval '1 day' group by outcome`,
  );
  return Object.fromEntries(rows.map((r) => [r.outcome, Number(r.n)]));
}
