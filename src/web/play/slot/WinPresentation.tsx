import { useEffect, useRef } from 'react';
import { money, usePlayT } from '../i18n.ts';
import styles from './slot.module.css';
import { isCelebration, type WinTier } from './winTier.ts';

const COINS = 14;

/**
 * The win counts up with requestAnimationFrame, writing only the number's text (no React render per
 * frame); big wins and above also get a celebration over the reels with falling coins (transforms
 * only). A tap ends the count at once.
 */
export function WinPresentation(props: {
  amount: number;
  tier: WinTier;
  duration: number;
  /** Over the reels (a celebration for big wins) or in the win bar (always a plain line). */
  place: 'stage' | 'bar';
  onSkip(): void;
}) {
  const t = usePlayT();
  const figure = useRef<HTMLSpanElement>(null);
  const celebrate = props.place === 'stage' && isCelebration(props.tier);

  useEffect(() => {
    const node = figure.current;
    if (!node) return;
    const started = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const p = Math.min(1, (now - started) / props.duration);
      const eased = 1 - (1 - p) ** 3;
      node.textContent = money(Math.round(props.amount * eased));
      if (p < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [props.amount, props.duration]);

  const label = (
    <>
      <span className={styles.tierName}>{t(`slot.tier.${props.tier}`)}</span>
      <span ref={figure} className={styles.winFigure} data-testid="win-amount" data-amount={props.amount}>
        {money(0)}
      </span>
    </>
  );
  if (!celebrate) return <div className={`${styles.winLine} ${styles[props.tier]}`}>{label}</div>;
  return (
    <button
      type="button"
      className={`${styles.celebration} ${styles[props.tier]}`}
      onClick={props.onSkip}
      data-testid="celebration"
    >
      {Array.from({ length: COINS }, (_, i) => (
        <span
          key={i}
          className={styles.coin}
          style={{ left: `${(i * 37) % 100}%`, animationDelay: `${(i % 7) * 0.18}s` }}
        />
      ))}
      {label}
    </button>
  );
}
