import { sql } from 'drizzle-orm';
import type { BET_KINDS } from '../../../shared/contract/games-routes.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { jackpotAwardsOf } from '../jackpot/jackpot.service.ts';
import type { GameProvider, RoundFacts } from './provider.ts';

export interface HistoryQuery {
  pageSize: number;
  before?: number | undefined;
  /** Numbered pages, for the older front ends of /public/ (`{skip}`): answered with `maxCount`. */
  page?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

interface BetRow {
  id: number;
  round_id: string;
  provider: string;
  game_code: string;
  vendor_code: string;
  category: string;
  total_bet: number;
  total_win: number;
  status: string;
  opened_at: Date;
  closed_at: Date | null;
  name_ko: string | null;
  name_en: string | null;
}

/**
 * One page of the member's rounds, newest first. It reads one range of the index
 * game_rounds (member_id, id) backwards, stops after a page, and looks the game names up per row.
 */
export async function memberBetPage(
  db: Db,
  memberId: number,
  query: HistoryQuery & { kind?: (typeof BET_KINDS)[number] | undefined },
  providers: ReadonlyMap<string, GameProvider> = new Map(),
) {
  const filters = [sql`r.member_id = ${memberId}`];
  if (query.before) filters.push(sql`r.id < ${query.before}`);
  if (query.from) filters.push(sql`r.opened_at >= ${query.from}::timestamptz`);
  if (query.to) filters.push(sql`r.opened_at < ${query.to}::timestamptz`);
  if (query.kind) filters.push(sql`r.category = ${query.kind}`);
  const numbered = query.page !== undefined && query.before === undefined;
  const rows = await queryRows<BetRow>(
    db,
    sql`select r.id, r.round_id, r.provider, r.game_code, r.vendor_code, r.category, r.total_bet, r.total_win,
               r.status, r.opened_at, r.closed_at, g.name_ko, g.name_en
        from game_rounds r
        left join lateral (
          select g.name_ko, g.name_en from game_vendors v join games g on g.vendor_id = v.id and g.code = r.game_code
          where v.code = r.vendor_code limit 1
        ) g on true
        where ${sql.join(filters, sql` and `)}
        order by r.id desc
        limit ${query.pageSize + 1} offset ${numbered ? (query.page! - 1) * query.pageSize : 0}`,
  );
  // The same index range, counted: only when a numbered page asks for the total.
  const [count] = numbered
    ? await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from game_rounds r where ${sql.join(filters, sql` and `)}`,
      )
    : [];
  const page = rows.slice(0, query.pageSize);
  // Each provider's own facts about its rounds on the page (GameProvider.roundFacts).
  const facts = new Map<string, RoundFacts>();
  await Promise.all(
    [...providers.values()].map(async (provider) => {
      const roundIds = page.filter((r) => r.provider === provider.code).map((r) => r.round_id);
      if (!provider.roundFacts || roundIds.length === 0) return;
      for (const [roundId, fact] of await provider.roundFacts(db, roundIds)) {
        facts.set(`${provider.code}:${roundId}`, fact);
      }
    }),
  );
  const factOf = (r: BetRow) => facts.get(`${r.provider}:${r.round_id}`);
  // A round that hit the progressive jackpot returned its award too: the history shows what the
  // member's cash received for the round.
  const awards = await jackpotAwardsOf(
    db,
    page.map((r) => ({ provider: r.provider, roundId: r.round_id })),
  );
  return {
    list: page.map((r) => ({
      roundId: r.round_id,
      gameCode: r.game_code,
      gameNameKo: r.name_ko ?? r.game_code,
      gameNameEn: r.name_en ?? r.game_code,
      vendor: r.vendor_code,
      category: r.category,
      stake: Number(r.total_bet),
      win: Number(r.total_win) + (awards.get(`${r.provider}:${r.round_id}`) ?? 0),
      // A void sports bet is paid its stake back as its settlement: it reads as cancelled.
      status: factOf(r)?.void ? 'cancelled' : r.status,
      openedAt: new Date(r.opened_at).toISOString(),
      closedAt: r.closed_at ? new Date(r.closed_at).toISOString() : null,
      // Only an open bet has a return still to come; a settled one shows what it returned.
      potentialReturn: r.status === 'open' ? (factOf(r)?.potentialReturn ?? null) : null,
      verifyUrl: factOf(r)?.verifyUrl ?? null,
    })),
    next: rows.length > query.pageSize ? Number(page.at(-1)!.id) : null,
    ...(count ? { maxCount: count.n } : {}),
  };
}
