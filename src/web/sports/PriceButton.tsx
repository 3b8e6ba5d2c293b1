import { useEffect, useRef, useState } from 'react';
import { cmp } from '../../shared/sports/fraction.ts';
import { formatOdds, type OddsFormat } from '../../shared/sports/odds-format.ts';
import { frac } from './slipModel.ts';
import styles from './sports.module.css';

/**
 * A price to bet on. It flashes up or down when the book moves it, and a suspended market's price
 * is struck through and cannot be pressed.
 */
export function PriceButton(props: {
  label: string;
  price: string;
  format: OddsFormat;
  open: boolean;
  picked: boolean;
  suspendedText: string;
  onPick(): void;
}) {
  const last = useRef(props.price);
  const [move, setMove] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    if (props.price === last.current) return;
    setMove(cmp(frac(props.price), frac(last.current)) > 0 ? 'up' : 'down');
    last.current = props.price;
    const timer = window.setTimeout(() => setMove(null), 4_000);
    return () => window.clearTimeout(timer);
  }, [props.price]);
  const shown = formatOdds(frac(props.price), props.format);
  return (
    <button
      type="button"
      className={`${styles.price} ${props.picked ? styles.picked : ''} ${move ? styles[move] : ''}`}
      disabled={!props.open}
      aria-pressed={props.picked}
      title={props.open ? undefined : props.suspendedText}
      data-testid="price"
      data-price={props.price}
      data-move={move ?? ''}
      onClick={props.onPick}
    >
      <span className={styles.priceLabel}>{props.label}</span>
      <strong>{props.open ? shown : <s>{shown}</s>}</strong>
      {move && <span aria-hidden="true">{move === 'up' ? '▲' : '▼'}</span>}
    </button>
  );
}
