import type { Locale } from './format.ts';
import { HOUSE_GAMES, LINE_BETS } from './games/house-games.ts';
import { PAYLINES } from './games/slot-machine.ts';

/**
 * The words of the promotions engine (issue 36), shared by the server, its contracts and the pages.
 */
export const CAMPAIGN_TYPES = [
  'first_deposit',
  'every_deposit',
  'code',
  'cashback',
  'free_spins',
  'level_up',
] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
/** The campaign types a deposit opt-in may name. */
export const DEPOSIT_CAMPAIGN_TYPES = ['first_deposit', 'every_deposit'] as const;
/** What the wagering multiple multiplies: the bonus, or the bonus plus the deposit it came with. */
export const WAGERING_BASES = ['bonus', 'bonus_deposit'] as const;
/** Which money a stake takes first while a bonus is active. */
export const STAKE_ORDERS = ['cash_first', 'bonus_first'] as const;
/** How a cashback campaign pays: cash, or a bonus under the campaign's wagering. */
export const CASHBACK_PAID_AS = ['cash', 'bonus'] as const;
/** A cashback decision: paid, or none for a member protected (break, exclusion, limit) when it ran. */
export const CASHBACK_OUTCOMES = ['paid', 'protected'] as const;
/** Why a welcome bonus was flagged: another member who had one shares this with the member. */
export const PERSON_FLAG_REASONS = ['bank', 'phone', 'device'] as const;
/** A flag waits for review (`open`), then an operator clears it or confirms it. */
export const PERSON_FLAG_STATUSES = ['open', 'cleared', 'confirmed'] as const;
export const BONUS_STATUSES = ['active', 'converted', 'forfeited', 'expired'] as const;
export type BonusStatus = (typeof BONUS_STATUSES)[number];
/** Terms shown to members, one text per site language; a missing one falls back to Thai. */
export type CampaignTerms = Partial<Record<Locale, string>>;

/** The built-in slots a free_spins campaign may give spins of. */
export const FREE_SPIN_GAMES = Object.keys(HOUSE_GAMES).filter(
  (code) => HOUSE_GAMES[code]!.engine === 'slot',
);
/** A free spin's stake is one of the slots' line bets on every line: the stakes a campaign may set. */
export const FREE_SPIN_STAKES = LINE_BETS.map((lineBet) => lineBet * PAYLINES.length);
/** The line bet of a free spin of this stake. */
export const freeSpinLineBet = (stake: number) => stake / PAYLINES.length;
