import type { BookSettings } from '../settings.ts';
import type { AlertBet, NewAlert } from './alert-types.ts';

/** A stake over the desk's threshold for the bet's currency (none set for the currency: no alert). */
export function bigStake(bet: AlertBet, s: BookSettings): NewAlert[] {
  const over = s.alertStakeOver[bet.currency];
  if (over === undefined || bet.totalStake <= over) return [];
  return [
    {
      key: `big_stake:${bet.id}`,
      rule: 'big_stake',
      betId: bet.id,
      detail: { stake: bet.totalStake, over, currency: bet.currency },
    },
  ];
}
