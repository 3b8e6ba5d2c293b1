import { sql } from 'drizzle-orm';
import type { OddsFormat } from '../../../shared/sports/odds-format.ts';
import type { ReducedMultiple } from '../../../shared/sports/reduced-multiple.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';

/** The desk's ticker alert thresholds (alerts/): the desk's own, never published to members. */
export interface AlertSettings {
  /** Ticker alerts (alerts/): a stake over this, per currency in minor units (a currency not named: no alert). */
  alertStakeOver: Record<string, number>;
  /** A bet accepted this many seconds or fewer before its market's bet stop or its event's start; 0: off. */
  alertLateSeconds: number;
  /** An account younger than this many days whose stake is over `alertNewAccountStake` (per currency). */
  alertNewAccountDays: number;
  alertNewAccountStake: Record<string, number>;
  /** This many distinct members backing one selection from one address within `alertSameIpMinutes`; 0: off. */
  alertSameIpMembers: number;
  alertSameIpMinutes: number;
}

/** The book's house rules, which differ between books and so are settings (SPORTSBOOK.md §2). */
export interface BookSettings extends AlertSettings {
  rounding: 'down' | 'nearest';
  /** Results need a second operator's confirmation before bets settle. */
  confirmResults: boolean;
  betDelaySeconds: number;
  /** How far back a cancel window may reach (minutes before now). */
  cancelWindowMinutes: number;
  /** A postponed event not played within this many hours of its scheduled start: its undecided markets are void. */
  postponeVoidHours: number;
  /** The book's margin on a cash-out's fair value, in basis points (500: the offer is 95% of fair). */
  cashoutMarginBp: number;
  /** How long a cash-out offer stands, in seconds. */
  cashoutOfferSeconds: number;
  /** The site's default odds format in the sports window (a member may choose their own). */
  oddsFormat: OddsFormat;
  /** A multiple reduced to one live leg (the others void): stands as a single on it, or is void (reduced-multiple.ts). */
  reducedMultiple: ReducedMultiple;
}

export const DEFAULT_SETTINGS: BookSettings = {
  rounding: 'down',
  confirmResults: false,
  betDelaySeconds: 5,
  cancelWindowMinutes: 1440,
  postponeVoidHours: 48,
  cashoutMarginBp: 500,
  cashoutOfferSeconds: 10,
  oddsFormat: 'decimal',
  reducedMultiple: 'single',
  alertStakeOver: { THB: 1_000_000, USD: 30_000 },
  alertLateSeconds: 10,
  alertNewAccountDays: 7,
  alertNewAccountStake: { THB: 300_000, USD: 10_000 },
  alertSameIpMembers: 3,
  alertSameIpMinutes: 60,
};

export async function bookSettings(db: DbOrTx): Promise<BookSettings> {
  return settingsOf(
    await queryRows<{ key: string; value: unknown }>(db, sql`select key, value from sb_settings`),
  );
}

/** The settings from sb_settings' rows (the defaults for the keys not stored). */
export function settingsOf(rows: { key: string; value: unknown }[]): BookSettings {
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const r of rows) if (Object.hasOwn(DEFAULT_SETTINGS, r.key)) out[r.key] = r.value;
  return out as unknown as BookSettings;
}

export async function saveSetting<K extends keyof BookSettings>(db: DbOrTx, key: K, value: BookSettings[K]) {
  await db.execute(
    sql`insert into sb_settings (key, value) values (${key}, ${JSON.stringify(value)}::jsonb)
        on conflict (key) do update set value = excluded.value`,
  );
}
