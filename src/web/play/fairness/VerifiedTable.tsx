import type { Card } from '../../../shared/games/blackjack.ts';
import { handValue, totalReturn, totalStake } from '../../../shared/games/blackjack.ts';
import { totalReturn as rouletteReturn } from '../../../shared/games/roulette.ts';
import { CardView } from '../baccarat/CardView.tsx';
import { money, usePlayT } from '../i18n.ts';
import styles from '../play.module.css';
import type { TableOutcome } from './recomputeTable.ts';

export function VerifiedTable({ outcome }: { outcome: TableOutcome }) {
  const t = usePlayT();
  if (outcome.game === 'roulette') {
    const { spin } = outcome;
    return (
      <div data-testid="verify-outcome">
        <p className={styles.resultText} data-testid="verify-result">
          {spin.number} · {t(`roulette.color.${spin.color}`)}
          {Object.keys(spin.returns).length > 0 && ` · ${t('win')} ${money(rouletteReturn(spin))}`}
        </p>
      </div>
    );
  }
  const { round } = outcome;
  return (
    <div data-testid="verify-outcome">
      {[
        { title: t('blackjack.dealer'), cards: round.dealer },
        ...round.hands.map((h, i) => ({
          title: round.hands.length > 1 ? t('blackjack.handN', { n: i + 1 }) : t('player'),
          cards: h.cards,
        })),
      ].map(({ title, cards }) => (
        <div key={title} className={styles.hand}>
          <div className={styles.handTitle}>
            {title}
            <strong>{handValue(cards as Card[]).total}</strong>
          </div>
          <div className={styles.cards}>
            {cards.map((c, i) => (
              <CardView key={i} card={c as Card} />
            ))}
          </div>
        </div>
      ))}
      <p className={styles.resultText} data-testid="verify-result">
        {t('verifyPage.moves')}: {round.moves.map((m) => t(`blackjack.move.${m}`)).join(', ') || '—'} ·{' '}
        {t('totalBet')} {money(totalStake(round))} · {t('win')} {money(totalReturn(round))}
      </p>
    </div>
  );
}
