import type { TFunction } from 'i18next';
import type { AlertRule } from '../../../shared/contract/admin/sports-alerts.ts';
import { formatMoney } from '../../../shared/money.ts';

/** An alert's reason in the desk's language, with its figures: "Stake ฿600.00 over ฿500.00". */
export function alertReason(
  t: TFunction,
  alert: { rule: AlertRule; detail: Record<string, string | number> },
): string {
  const d = alert.detail;
  const money = (v: unknown) => formatMoney(v, String(d.currency ?? ''), 'en');
  switch (alert.rule) {
    case 'big_stake':
      return t('trading.alerts.reason.big_stake', { stake: money(d.stake), over: money(d.over) });
    case 'new_account':
      return t('trading.alerts.reason.new_account', { stake: money(d.stake), days: d.days });
    case 'late_bet':
      return t(
        d.before === 'start' ? 'trading.alerts.reason.late_start' : 'trading.alerts.reason.late_stop',
        {
          seconds: d.seconds,
        },
      );
    case 'same_ip':
      return t('trading.alerts.reason.same_ip', { members: d.members, ip: d.ip });
  }
}
