import type { Bet } from '../../shared/contract/sports-api.ts';
import { formatOdds, type OddsFormat } from '../../shared/sports/odds-format.ts';
import { exactly, money, useSportsT } from './i18n.ts';
import { LegName } from './LegName.tsx';
import { frac } from './slipModel.ts';
import styles from './sports.module.css';

/** What the book accepted (a regulator's receipt): ticket id, time, events, selections, prices, stake, return. */
export function Receipt({ bet, format }: { bet: Bet; format: OddsFormat }) {
  const t = useSportsT();
  return (
    <div className={styles.receipt} data-testid="receipt" data-bet={bet.id}>
      <strong>{t('receipt.title')}</strong>
      <dl className={styles.facts}>
        <dt>{t('receipt.ticket')}</dt>
        <dd data-testid="ticket">#{bet.id}</dd>
        <dt>{t('receipt.time')}</dt>
        <dd>
          <time dateTime={bet.placedAt}>{exactly(bet.placedAt)}</time>
        </dd>
        <dt>{t('receipt.type')}</dt>
        <dd>
          {bet.kind === 'system'
            ? t(`system.${bet.systemName ?? 'sizes'}`, { sizes: bet.sizes.join(', '), n: bet.legs.length })
            : t(`tab.${bet.kind}`)}{' '}
          · {t('slip.lines', { count: bet.lines })}
        </dd>
      </dl>
      <ul className={styles.receiptLegs}>
        {bet.legs.map((l) => (
          <li key={l.selectionId}>
            <LegName leg={l} /> <strong>@ {formatOdds(frac(l.price), format)}</strong>
          </li>
        ))}
      </ul>
      <dl className={styles.facts}>
        <dt>{t('slip.totalStake')}</dt>
        <dd data-testid="receipt-stake">{money(bet.totalStake)}</dd>
        <dt>{t('slip.potentialReturn')}</dt>
        <dd data-testid="receipt-return">{money(bet.potentialReturn)}</dd>
      </dl>
    </div>
  );
}
