import type { Card } from '../../../shared/games/baccarat.ts';
import styles from '../play.module.css';

const SUIT_GLYPH: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** A playing card, face up (or its back while waiting to be revealed). */
export function CardView({ card, hidden = false }: { card: Card; hidden?: boolean }) {
  if (hidden) return <div className={`${styles.card} ${styles.cardBack}`} aria-hidden="true" />;
  const suit = card.slice(-1);
  const rank = card.slice(0, -1);
  const red = suit === 'H' || suit === 'D';
  return (
    <div
      className={`${styles.card} ${red ? styles.cardRed : ''}`}
      role="img"
      aria-label={`${rank}${SUIT_GLYPH[suit]}`}
    >
      <span className={styles.cardCorner}>
        {rank}
        <br />
        {SUIT_GLYPH[suit]}
      </span>
      <span className={styles.cardPip}>{SUIT_GLYPH[suit]}</span>
    </div>
  );
}
