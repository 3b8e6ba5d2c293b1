import { useState } from 'react';
import type { HouseSuccess } from '../../../shared/contract/house-api.ts';
import { formatFixed } from '../../../shared/format.ts';
import type { BaccaratHand, BaccaratSide } from '../../../shared/games/baccarat.ts';
import { GameError, houseCall } from '../api.ts';
import type { GameProps } from '../gameProps.ts';
import { money, playLocale, usePlayT } from '../i18n.ts';
import styles from '../play.module.css';
import { playSound } from '../sound/sounds.ts';
import { BetBar } from '../table/BetBar.tsx';
import { ChipRack } from '../table/ChipRack.tsx';
import { CardView } from './CardView.tsx';
import { resultText } from './resultText.ts';

type DealReply = HouseSuccess<'deal'>;

const SIDES: { side: BaccaratSide; pays: string }[] = [
  { side: 'player', pays: '1 : 1' },
  { side: 'tie', pays: '8 : 1' },
  { side: 'banker', pays: `${formatFixed(0.95, 2, playLocale)} : 1` },
];
const REVEAL_MS = 550;

export function BaccaratGame(props: GameProps) {
  const { init, token } = props;
  const t = usePlayT();
  const [chip, setChip] = useState(init.chips[1] ?? init.chips[0]!);
  const [bets, setBets] = useState<Record<BaccaratSide, number>>({ player: 0, banker: 0, tie: 0 });
  const [hand, setHand] = useState<DealReply | null>(null);
  const [shown, setShown] = useState(0);
  const [busy, setBusy] = useState(false);
  // The result and the new balance show together, once the last card is turned.
  const [settled, setSettled] = useState(false);
  const [road, setRoad] = useState<BaccaratSide[]>([]);
  const total = bets.player + bets.banker + bets.tie;

  function place(side: BaccaratSide) {
    if (busy || total + chip > props.balance) return;
    setHand(null);
    setBets((b) => ({ ...b, [side]: b[side] + chip }));
  }

  async function deal() {
    if (busy || total === 0) return;
    setBusy(true);
    setShown(0);
    setSettled(false);
    try {
      const reply = await houseCall('deal', { token, game: init.game.code, bets });
      setHand(reply);
      const cards = reply.outcome.player.length + reply.outcome.banker.length;
      for (let i = 1; i <= cards; i++) {
        window.setTimeout(() => {
          setShown(i);
          playSound('card');
        }, i * REVEAL_MS);
      }
      window.setTimeout(
        () => {
          setSettled(true);
          props.onBalance(reply.balance);
          props.onRound(reply.nonce + 1, reply.roundId);
          if (reply.payout > 0) playSound('win', 2);
          setRoad((r) => [...r.slice(-29), reply.outcome.winner]);
          setBets({ player: 0, banker: 0, tie: 0 });
          setBusy(false);
        },
        (cards + 1) * REVEAL_MS,
      );
    } catch (error) {
      setBusy(false);
      props.onError(error instanceof GameError ? error : new GameError('error', String(error)));
    }
  }

  // Dealing order: player, banker, player, banker, then the third cards.
  const order = hand ? dealingOrder(hand.outcome) : [];
  const visible = (who: 'player' | 'banker', index: number) =>
    order.findIndex((o) => o.who === who && o.index === index) < shown;
  const done = hand !== null && settled;

  return (
    <div className={styles.baccarat}>
      <div className={styles.hands}>
        {(['player', 'banker'] as const).map((who) => (
          <div
            key={who}
            className={`${styles.hand} ${done && hand?.outcome.winner === who ? styles.handWin : ''}`}
          >
            <div className={styles.handTitle}>
              {t(who)}
              {done && <strong data-testid={`${who}-total`}>{hand?.outcome[`${who}Total`]}</strong>}
            </div>
            <div className={styles.cards}>
              {(hand?.outcome[who] ?? []).map((card, i) => (
                <CardView key={i} card={card} hidden={!visible(who, i)} />
              ))}
            </div>
          </div>
        ))}
      </div>
      <div className={styles.winBar} aria-live="polite">
        {done && hand ? (
          <span data-testid="baccarat-result">
            <span className={styles.resultText}>{resultText(t, hand.outcome)}</span>
            {hand.payout > 0 && (
              <span className={styles.winText}>
                {' · '}
                {t('win')} {money(hand.payout)}
              </span>
            )}
          </span>
        ) : (
          <span className={styles.muted}>{busy ? '…' : t('placeBet')}</span>
        )}
      </div>
      <div className={styles.betAreas}>
        {SIDES.map(({ side, pays }) => (
          <button
            key={side}
            type="button"
            className={`${styles.betArea} ${styles[side]}`}
            onClick={() => place(side)}
            disabled={busy}
          >
            <span className={styles.betName}>{t(side)}</span>
            <span className={styles.betPays}>{pays}</span>
            {bets[side] > 0 && <span className={styles.betChip}>{money(bets[side])}</span>}
          </button>
        ))}
      </div>
      <ChipRack chips={init.chips} label={t('bet')} chosen={chip} onChip={setChip} />
      <BetBar
        clear={{
          label: t('clear'),
          onClick: () => setBets({ player: 0, banker: 0, tie: 0 }),
          disabled: busy,
        }}
        totalLabel={t('totalBet')}
        total={money(total)}
        go={{ label: t('deal'), onClick: deal, disabled: busy || total === 0 }}
      />
      {road.length > 0 && (
        <ol className={styles.road} aria-label={t('history')}>
          {road.map((w, i) => (
            <li key={i} className={`${styles.bead} ${styles[w]}`}>
              {t(`bead.${w}`)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function dealingOrder(hand: BaccaratHand) {
  const order = [
    { who: 'player' as const, index: 0 },
    { who: 'banker' as const, index: 0 },
    { who: 'player' as const, index: 1 },
    { who: 'banker' as const, index: 1 },
  ];
  if (hand.player.length > 2) order.push({ who: 'player', index: 2 });
  if (hand.banker.length > 2) order.push({ who: 'banker', index: 2 });
  return order;
}
