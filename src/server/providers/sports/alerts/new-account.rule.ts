import type { BookSettings } from '../settings.ts';
import type { AlertBet, NewAlert } from './alert-types.ts';

const DAY_MS = 86_400_000;

/** A large bet from an account younger than the desk's number of days. */
export function newAccount(bet: AlertBet, s: BookSettings): NewAlert[] {
  const over = s.alertNewAccountStake[bet.currency];
  if (!bet.accountSince || over === undefined || bet.totalStake <= over) return [];
  const ageDays = (bet.placedAt.getTime() - bet.accountSince.getTime()) / DAY_MS;
  if (ageDays >= s.alertNewAccountDays) return [];
  return [
    {
      key: `new_account:${bet.id}`,
      rule: 'new_account',
      betId: bet.id,
      detail: { stake: bet.totalStake, over, currency: bet.currency, days: Math.floor(ageDays) },
    },
  ];
}
