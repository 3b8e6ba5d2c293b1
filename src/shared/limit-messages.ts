import { MSG, type MsgKey } from './messages.ts';

const REFUSAL_MSG: Record<string, MsgKey> = {
  'deposit:day': MSG.depositLimitDay,
  'deposit:week': MSG.depositLimitWeek,
  'deposit:month': MSG.depositLimitMonth,
  'loss:day': MSG.lossLimitDay,
  'loss:week': MSG.lossLimitWeek,
  'loss:month': MSG.lossLimitMonth,
  'wager:day': MSG.wagerLimitDay,
  'wager:week': MSG.wagerLimitWeek,
  'wager:month': MSG.wagerLimitMonth,
  'session:session': MSG.sessionLimitReached,
};

/**
 * The message key naming a refused limit (status `limit`): the member API's `msg`, and what the game
 * and sports windows show for a wallet refusal, which carries `limit` and `period` but no key.
 */
export const limitMsg = (r: { limit: string; period: string }): MsgKey =>
  REFUSAL_MSG[`${r.limit}:${r.period}`] ?? MSG.failure;
