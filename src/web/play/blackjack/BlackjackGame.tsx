import { useState } from 'react';
import type { HouseSuccess } from '../../../shared/contract/house-api.ts';
import {
  BLACKJACK_BETS,
  type BlackjackMove,
  type BlackjackView,
  type Card,
  handValue,
} from '../../../shared/games/blackjack.ts';
import { GameError, houseCall } from '../api.ts';
import { CardView } from '../baccarat/CardView.tsx';
import type { GameProps } from '../gameProps.ts';
import { money, usePlayT } from '../i18n.ts';
import styles from '../play.module.css';
import { playSound } from '../sound/sounds.ts';
import { BetBar } from '../table/BetBar.tsx';
import { ChipRack } from '../table/ChipRack.tsx';
import bj from './blackjack.module.css';
import { handResult } from './handResult.ts';

export type BlackjackRound = Omit<HouseSuccess<'blackjack'>, 'status'>;
/** How the table reaches the game: the wallet's server, or the demo table's fun money. */
export interface BlackjackPlay {
  deal(bet: number): Promise<BlackjackRound>;
  move(roundId: string, move: BlackjackMove): Promise<BlackjackRound>;
}

const MOVES: BlackjackMove[] = ['hit', 'stand', 'double', 'split'];

/** Blackjack: a bet, the player's moves (each double, split or insurance staked as it is made), one result. */
export function BlackjackGame(
  props: GameProps & {
    play?: BlackjackPlay;
  },
) {
  const { init, token } = props;
  const t = usePlayT();
  const play: BlackjackPlay = props.play ?? {
    deal: (bet) => houseCall('blackjack', { token, game: init.game.code, bet }),
    move: (roundId, move) => houseCall('move', { token, roundId, move }),
  };
  const [round, setRound] = useState<BlackjackRound | null>(init.open);
  const [bet, setBet] = useState(0);
  const [lastBet, setLastBet] = useState(0);
  const [busy, setBusy] = useState(false);
  const view = round?.view as BlackjackView | undefined;
  const inPlay = view !== undefined && view.phase !== 'done';

  async function run(call: () => Promise<BlackjackRound>) {
    setBusy(true);
    try {
      const next = await call();
      setRound(next);
      playSound('card');
      if (next.balance !== undefined) props.onBalance(next.balance);
      props.onNonce(next.nonce + 1);
      if ((next.view as BlackjackView).phase === 'done') {
        props.onRound(next.nonce + 1, next.roundId);
        if (next.payout > 0) playSound('win', 2);
      }
    } catch (error) {
      props.onError(error instanceof GameError ? error : new GameError('error', String(error)));
    } finally {
      setBusy(false);
    }
  }

  function addChip(value: number) {
    if (inPlay || busy) return;
    if (view?.phase === 'done') setRound(null);
    setBet((b) => (b + value <= Math.min(BLACKJACK_BETS.max, props.balance) ? b + value : b));
  }

  function deal(amount = bet) {
    if (amount < BLACKJACK_BETS.min || busy) return;
    setLastBet(amount);
    setBet(0);
    void run(() => play.deal(amount));
  }

  return (
    <div className={bj.blackjack}>
      <p className={bj.rules}>
        {t('blackjack.rules', {
          dealer: t(init.rules.dealerHitsSoft17 ? 'blackjack.hitsSoft17' : 'blackjack.standsSoft17'),
        })}
      </p>
      <section className={bj.side} aria-label={t('blackjack.dealer')}>
        <div className={styles.handTitle}>
          {t('blackjack.dealer')}
          {view && <strong data-testid="dealer-total">{dealerTotal(view)}</strong>}
        </div>
        <div className={styles.cards}>
          {view?.dealer.map((card, i) =>
            card ? <CardView key={i} card={card as Card} /> : <CardView key={i} card="AS" hidden />,
          )}
        </div>
      </section>
      <div className={bj.hands}>
        {view?.hands.map((hand, i) => {
          const result = view.phase === 'done' ? handResult(view, i) : null;
          return (
            <section
              key={i}
              className={`${bj.side} ${inPlay && view.active === i ? bj.active : ''} ${result === 'win' || result === 'blackjack' ? styles.handWin : ''}`}
              data-testid={`hand-${i}`}
            >
              <div className={styles.handTitle}>
                <span>
                  {view.hands.length > 1 ? t('blackjack.handN', { n: i + 1 }) : t('player')}{' '}
                  <small className={styles.muted}>{money(hand.stake)}</small>
                </span>
                <strong>{handValue(hand.cards as Card[]).total}</strong>
              </div>
              <div className={styles.cards}>
                {hand.cards.map((card, j) => (
                  <CardView key={j} card={card as Card} />
                ))}
              </div>
              {result && (
                <div className={bj.result} data-testid={`hand-result-${i}`} data-result={result}>
                  {t(`blackjack.result.${result}`)}
                  {view.returns && view.returns.hands[i]! > 0 && ` · ${money(view.returns.hands[i]!)}`}
                </div>
              )}
            </section>
          );
        })}
      </div>
      <div className={styles.winBar} aria-live="polite">
        {view?.phase === 'done' ? (
          <span data-testid="blackjack-result" className={round!.payout > 0 ? styles.winText : styles.muted}>
            {round!.payout > 0 ? `${t('win')} ${money(round!.payout)}` : t('slot.noWin')}
            {view.returns && view.returns.insurance > 0 && ` · ${t('blackjack.insurancePaid')}`}
          </span>
        ) : view?.phase === 'insurance' ? (
          <span>{t('blackjack.insuranceOffer', { amount: money(view.bet / 2) })}</span>
        ) : inPlay ? (
          <span className={styles.muted}>{t('blackjack.yourMove')}</span>
        ) : (
          <span className={styles.muted}>{t('blackjack.placeBet')}</span>
        )}
      </div>
      {inPlay ? (
        <div className={bj.moves}>
          {view.phase === 'insurance'
            ? (['insure', 'noInsurance'] as const).map((m) => (
                <button
                  key={m}
                  type="button"
                  className={m === 'insure' ? styles.spin : styles.ghost}
                  onClick={() => run(() => play.move(round!.roundId, m))}
                  disabled={busy}
                  data-move={m}
                >
                  {t(`blackjack.move.${m}`)}
                </button>
              ))
            : MOVES.filter((m) => view.legal.includes(m)).map((m) => (
                <button
                  key={m}
                  type="button"
                  className={m === 'hit' || m === 'stand' ? styles.spin : `${styles.ghost} ${bj.moveExtra}`}
                  onClick={() => run(() => play.move(round!.roundId, m))}
                  disabled={busy}
                  data-move={m}
                >
                  {t(`blackjack.move.${m}`)}
                </button>
              ))}
        </div>
      ) : (
        <>
          <ChipRack chips={init.chips} label={t('bet')} disabled={busy} onChip={addChip} />
          <BetBar
            clear={{ label: t('clear'), onClick: () => setBet(0), disabled: busy || bet === 0 }}
            repeat={{
              label: t('blackjack.rebet'),
              onClick: () => deal(lastBet),
              disabled: busy || lastBet === 0 || lastBet > props.balance,
            }}
            totalLabel={t('bet')}
            total={money(bet)}
            totalTestId="blackjack-bet"
            go={{ label: t('deal'), onClick: () => deal(), disabled: busy || bet === 0 }}
          />
        </>
      )}
    </div>
  );
}

const dealerTotal = (view: BlackjackView) =>
  handValue(view.dealer.filter((c): c is Card => c !== null) as Card[]).total;
