import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { type AlertSettings, type BookSettings, bookSettings } from './settings.ts';

/** An event postponed beyond this many hours after its scheduled start has its undecided markets voided. */
export const DEFAULT_POSTPONE_VOID_HOURS = 48;

/**
 * What the sports window's rules page cites: the book's house rules as they are now, and the
 * platform-wide limits in the member's currency (sb_limits scope 'platform'; null where none is set).
 * Amounts in minor units of that currency.
 */
export interface PublishedRules extends Omit<BookSettings, 'oddsFormat' | keyof AlertSettings> {
  postponeVoidHours: number;
  currency: string;
  /** The most a bet's total stake may be, platform-wide. */
  maxStake: number | null;
  /** The most a bet may return, platform-wide. */
  maxPayout: number | null;
}

/** A setting another change adds to BookSettings: read here with its default until it is there. */
function postponeVoidHours(settings: BookSettings): number {
  const value: unknown = (settings as BookSettings & { postponeVoidHours?: unknown }).postponeVoidHours;
  return typeof value === 'number' && Number.isFinite(value) && value > 0
    ? value
    : DEFAULT_POSTPONE_VOID_HOURS;
}

export async function publishedRules(db: DbOrTx, currency: string): Promise<PublishedRules> {
  const settings = await bookSettings(db);
  const [platform] = await queryRows<{ max_stake: number | null; max_payout: number | null }>(
    db,
    sql`select min(max_stake) as max_stake, min(max_payout) as max_payout
        from sb_limits where scope = 'platform' and currency = ${currency}`,
  );
  return {
    rounding: settings.rounding,
    confirmResults: settings.confirmResults,
    betDelaySeconds: settings.betDelaySeconds,
    cancelWindowMinutes: settings.cancelWindowMinutes,
    postponeVoidHours: postponeVoidHours(settings),
    cashoutMarginBp: settings.cashoutMarginBp,
    cashoutOfferSeconds: settings.cashoutOfferSeconds,
    reducedMultiple: settings.reducedMultiple === 'void' ? 'void' : 'single',
    currency,
    maxStake: platform?.max_stake ?? null,
    maxPayout: platform?.max_payout ?? null,
  };
}
