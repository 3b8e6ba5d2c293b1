import { sql } from 'drizzle-orm';
import type { OddsFormat } from '../../../shared/sports/odds-format.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { bookSettings } from './settings.ts';

/** The odds format the member sees: their own choice, else the site's default (docs/sportsbook.md, "Odds formats"). */
export async function oddsFormatOf(db: DbOrTx, playerId: string): Promise<OddsFormat> {
  const [own] = await queryRows<{ odds_format: OddsFormat }>(
    db,
    sql`select odds_format from sb_player_prefs where player_id = ${playerId}`,
  );
  return own?.odds_format ?? (await bookSettings(db)).oddsFormat;
}

/** Keeps the member's own choice of odds format, for every device they open the window on. */
export async function saveOddsFormat(db: DbOrTx, playerId: string, format: OddsFormat): Promise<void> {
  await db.execute(
    sql`insert into sb_player_prefs (player_id, odds_format) values (${playerId}, ${format})
        on conflict (player_id) do update set odds_format = excluded.odds_format, updated_at = now()`,
  );
}
