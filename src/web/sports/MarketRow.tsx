import type { Market, SportEvent } from '../../shared/contract/sports-api.ts';
import type { OddsFormat } from '../../shared/sports/odds-format.ts';
import { money, useSportsT } from './i18n.ts';
import { marketLabel, selectionLabel } from './labels.ts';
import { PriceButton } from './PriceButton.tsx';
import styles from './sports.module.css';

/** One market with its prices; a suspended market says so and none of its prices can be picked. */
export function MarketRow(props: {
  event: SportEvent;
  market: Market;
  format: OddsFormat;
  picked: Set<number>;
  onPick(event: SportEvent, market: Market, selectionId: number): void;
  showName?: boolean;
  /** The book's Max on this market for the member (the event page shows it). */
  maxStake?: number;
}) {
  const t = useSportsT();
  const { market } = props;
  const suspended = market.status !== 'open' || props.event.status === 'ended';
  return (
    <div className={styles.market} data-testid="market" data-market={market.id} data-status={market.status}>
      {((props.showName ?? true) || suspended) && (
        <div className={styles.marketName}>
          {(props.showName ?? true) && marketLabel(t, market)}
          {props.maxStake !== undefined && !suspended && (
            <small data-testid="market-max" data-value={props.maxStake}>
              {t('slip.maxOf', { amount: money(props.maxStake) })}
            </small>
          )}
          {suspended && (
            <span className={styles.suspended} data-testid="suspended">
              {t('suspended')}
            </span>
          )}
        </div>
      )}
      <div className={styles.prices}>
        {market.selections.map((s) => (
          <PriceButton
            key={s.id}
            label={selectionLabel(t, s)}
            price={s.price}
            format={props.format}
            open={!suspended && s.open}
            picked={props.picked.has(s.id)}
            suspendedText={t('suspended')}
            onPick={() => props.onPick(props.event, market, s.id)}
          />
        ))}
      </div>
    </div>
  );
}
