import { sql } from 'drizzle-orm';
import type { Fraction } from '../../../../shared/sports/fraction.ts';
import type { MarketResult } from '../../../../shared/sports/markets.ts';
import { parsePrice } from '../../../../shared/sports/price.ts';
import { type Db, queryRows, type Tx } from '../../../db/client.ts';
import { firstIssue } from '../../../http/first-issue.ts';
import { abandonEventIn } from '../abandonment.ts';
import {
  afterFeedResult,
  afterFeedTakeBack,
  isDesksWord,
  lockFeedMarket,
  setFeedDisagreement,
} from '../feed-disagreement.ts';
import type { ProposalAudit } from '../proposals-store.ts';
import { correctResult, enterResult, voidMarket } from '../results.service.ts';
import { workPendingRuns } from '../settlement-runs.ts';
import type { SportsWallet } from '../sports-wallet.ts';
import {
  setEventState,
  setMarketOpen,
  setPrices,
  upsertCompetition,
  upsertEvent,
  upsertMarket,
  upsertSport,
} from '../trading.service.ts';
import { type FeedRecord, feedRecord } from './feed.schema.ts';

export interface ImportReport {
  applied: number;
  skipped: number;
  errors: { line: number; message: string }[];
}

const MAX_LINES = 20_000;

/** Claims a record's sequence: false when this or a later one was applied before (a repeat or an old record). */
async function claim(tx: Tx, r: FeedRecord): Promise<boolean> {
  const kind = r.type === 'fixture' ? 'fixture' : 'market';
  const rows = await queryRows<{ seq: number }>(
    tx,
    sql`insert into sb_feed_cursor (source, kind, external_id, seq) values (${r.source}, ${kind}, ${r.id}, ${r.seq})
        on conflict (source, kind, external_id) do update set seq = excluded.seq, applied_at = now()
        where sb_feed_cursor.seq < excluded.seq returning seq`,
  );
  return rows.length > 0;
}

async function marketOf(tx: Tx, source: string, id: string): Promise<number> {
  const [m] = await queryRows<{ id: number }>(
    tx,
    sql`select id from sb_markets where source = ${source} and external_id = ${id}`,
  );
  if (!m) throw new RangeError(`no market ${source}/${id}`);
  return Number(m.id);
}

function priced(p: { price: string; format: 'decimal' | 'fractional' | 'american' }): Fraction {
  const f = parsePrice(p.price, p.format);
  if (!f) throw new RangeError(`not a ${p.format} price: ${p.price}`);
  return f;
}

/** Applies one record in its own transaction; results then settle their bets through the wallet. */
async function applyRecord(
  db: Db,
  wallet: SportsWallet,
  r: FeedRecord,
  uploader: Uploader,
): Promise<boolean> {
  const result = await db.transaction(async (tx) => {
    if (!(await claim(tx, r))) return { applied: false as const };
    switch (r.type) {
      case 'fixture': {
        const sport = await upsertSport(tx, r.sport, r.sportName);
        const comp = await upsertCompetition(tx, sport, r.competition, {
          source: r.source,
          externalId: r.competitionId,
          country: r.country,
        });
        const eventId = await upsertEvent(tx, {
          competitionId: comp,
          name: r.name,
          home: r.home,
          away: r.away,
          startsAt: new Date(r.startsAt),
          // A record that names no bet stop keeps the one a trader set.
          betStopAt: r.betStopAt ? new Date(r.betStopAt) : undefined,
          source: r.source,
          externalId: r.id,
        });
        if (r.status || r.score) await setEventState(tx, eventId, { status: r.status, score: r.score });
        if (r.status === 'cancelled') await abandonEventIn(tx, eventId, `cancelled by ${r.source}`);
        return { applied: true as const };
      }
      case 'market': {
        const [e] = await queryRows<{ id: number }>(
          tx,
          sql`select id from sb_events where source = ${r.source} and external_id = ${r.event}`,
        );
        if (!e) throw new RangeError(`no event ${r.source}/${r.event}`);
        const marketId = await upsertMarket(tx, {
          eventId: Number(e.id),
          type: r.marketType,
          name: r.name,
          params: r.params,
          source: r.source,
          externalId: r.id,
          selections: r.selections.map((s) => ({ key: s.key, name: s.name, price: priced(s) })),
        });
        await setPrices(
          tx,
          marketId,
          r.selections.map((s) => ({ key: s.key, price: priced(s) })),
          'feed',
        );
        return { applied: true as const };
      }
      case 'price':
        await setPrices(
          tx,
          await marketOf(tx, r.source, r.id),
          r.prices.map((p) => ({ key: p.key, price: priced(p) })),
          'feed',
        );
        return { applied: true as const };
      case 'suspend':
        await setMarketOpen(tx, { marketId: await marketOf(tx, r.source, r.id) }, !r.suspended);
        return { applied: true as const };
      case 'result':
        return {
          applied: true as const,
          settle: { marketId: await marketOf(tx, r.source, r.id), result: r.result },
        };
      case 'cancel':
        return {
          applied: true as const,
          settle: { marketId: await marketOf(tx, r.source, r.id), result: { kind: 'void' as const } },
        };
    }
  });
  if ('settle' in result && result.settle) {
    const { marketId } = result.settle;
    // A feed's result on a market the desk settled moves no bet; the trader sees it where it differs.
    if (!uploader.operatorId && (await desksResultStands(db, marketId, r.type, result.settle.result)))
      return result.applied;
    const by = {
      source: `feed:${r.source}`,
      operatorId: uploader.operatorId ?? null,
      reason: `${r.type} from ${r.source}`,
      audit: uploader.audit,
    };
    // An operator's cancel of a confirmed result waits for a second operator where the book asks for one.
    if (r.type === 'cancel') await voidMarket(db, wallet, marketId, by);
    else {
      // A result for a market that already has a confirmed one is a correction (a later sequence number).
      const [m] = await queryRows<{ result_state: string }>(
        db,
        sql`select result_state from sb_markets where id = ${marketId}`,
      );
      const apply = m?.result_state === 'confirmed' ? correctResult : enterResult;
      const answer = await apply(db, wallet, marketId, result.settle.result, by);
      if (!answer.ok) throw new RangeError(answer.reason);
    }
  }
  // A fixture cancelled asked for runs over its voided markets.
  if (r.type === 'fixture' && r.status === 'cancelled') await workPendingRuns(db, wallet);
  return result.applied;
}

/** Whether the desk's result is in force on the market (feed-disagreement.ts): then the record is only shown to the trader. */
async function desksResultStands(db: Db, marketId: number, kind: string, result: MarketResult) {
  return db.transaction(async (tx) => {
    const m = await lockFeedMarket(tx, marketId);
    if (!m || !isDesksWord(m)) return false;
    const said = kind === 'cancel' ? afterFeedTakeBack(m, 'cancel') : await afterFeedResult(tx, m, result);
    await setFeedDisagreement(tx, marketId, said);
    return true;
  });
}

/** Who sent the records: an operator's upload (its results may need a second operator), or a feed. */
export interface Uploader {
  operatorId?: number | null;
  /** Writes the audit entry of a proposal the upload makes (a cancel of a confirmed result). */
  audit?: ProposalAudit;
}

/** Imports JSON lines: each line applied once, in order; bad lines are reported and change nothing. */

export async function importFeed(
  db: Db,
  wallet: SportsWallet,
  text: string,
  uploader: Uploader = {},
): Promise<ImportReport> {
  const lines = text.split(/\r?\n/);
  const report: ImportReport = { applied: 0, skipped: 0, errors: [] };
  if (lines.length > MAX_LINES)
    return { ...report, errors: [{ line: 0, message: `at most ${MAX_LINES} lines at a time` }] };
  for (const [i, line] of lines.entries()) {
    if (!line.trim()) continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      report.errors.push({ line: i + 1, message: 'not JSON' });
      continue;
    }
    const parsed = feedRecord.safeParse(json);
    if (!parsed.success) {
      report.errors.push({
        line: i + 1,
        message: firstIssue(parsed.error, 'record'),
      });
      continue;
    }
    try {
      if (await applyRecord(db, wallet, parsed.data, uploader)) report.applied++;
      else report.skipped++;
    } catch (error) {
      report.errors.push({
        line: i + 1,
        message: error instanceof RangeError ? error.message : 'could not apply',
      });
    }
  }
  return report;
}
