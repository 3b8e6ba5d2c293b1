/**
 * Why a bet was refused: each reason has its own message key (namespace "sports", all five locales),
 * so the slip names it (SPORTSBOOK.md §1).
 */
export const REFUSALS = [
  'invalid_bet',
  'same_event',
  'unknown_selection',
  'price_changed',
  'market_suspended',
  'event_started',
  'stake_too_low',
  'stake_too_high',
  'payout_too_high',
  'liability_reached',
  /** The slip's request id was used before for a different slip. */
  'duplicate',
  'balance',
  'blocked',
  'session_expired',
  /** One of the member's own limits (loss, wager, session time): the reply's `msg` names which. */
  'limit',
] as const;
export type Refusal = (typeof REFUSALS)[number];

export const refusalKey = (r: Refusal) => `sports.refusal.${r}`;

/** The slip's choice when a price moved between the slip and acceptance (UKGC RTS 2C). */
export const PRICE_CHANGE_CHOICES = ['none', 'better', 'any'] as const;
export type PriceChangeChoice = (typeof PRICE_CHANGE_CHOICES)[number];
