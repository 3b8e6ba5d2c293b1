import { useTranslation } from 'react-i18next';
import type { HouseRules } from '../../../shared/contract/sports-api.ts';
import { sportsLocale } from '../i18n.ts';
import { amountText, hoursText, minutesText, secondsText } from './figures.ts';
import styles from './rules.module.css';

/** The book's settings as they are now, at a glance, each marked for the tests by what it is. */
export function SettingsNow({ rules }: { rules: HouseRules }) {
  const { t: r } = useTranslation('sportsRules');
  const locale = sportsLocale;
  const limit = (amount: number | null) =>
    amount === null ? r('now.noLimit') : amountText(amount, rules.currency, locale);
  const rows: [id: string, label: string, value: string, data?: Record<string, string>][] = [
    [
      'bet-delay',
      r('now.betDelay'),
      secondsText(rules.betDelaySeconds, locale),
      { 'data-seconds': String(rules.betDelaySeconds) },
    ],
    [
      'rounding',
      r('now.rounding'),
      r(rules.rounding === 'down' ? 'now.roundingDown' : 'now.roundingNearest'),
      { 'data-rounding': rules.rounding },
    ],
    ['cancel-window', r('now.cancelWindow'), minutesText(rules.cancelWindowMinutes, locale)],
    ['postpone', r('now.postpone'), hoursText(rules.postponeVoidHours, locale)],
    ['confirm', r('now.confirm'), r(rules.confirmResults ? 'now.yes' : 'now.no')],
    [
      'reduced-multiple',
      r('now.reduced'),
      r(rules.reducedMultiple === 'void' ? 'now.reducedVoid' : 'now.reducedSingle'),
      { 'data-rule': rules.reducedMultiple },
    ],
    ['max-stake', r('now.maxStake'), limit(rules.maxStake)],
    ['max-payout', r('now.maxPayout'), limit(rules.maxPayout)],
  ];
  return (
    <section className={styles.now} aria-labelledby="rules-now">
      <h3 id="rules-now" className={styles.nowTitle}>
        {r('now.title')}
      </h3>
      <dl className={styles.nowList}>
        {rows.map(([id, label, value, data]) => (
          <div key={id} className={styles.nowRow}>
            <dt>{label}</dt>
            <dd className={styles.figure} data-testid={`rule-${id}`} {...data}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
