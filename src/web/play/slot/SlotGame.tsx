import { useEffect, useRef, useState } from 'react';
import { PAYLINES, type SlotSymbol, type SpinResult, STRIPS, windowOf } from '../../../shared/games/slot.ts';
import { GameError, houseCall, type InitReply, money } from '../api.ts';
import type { LabelKey } from '../labels.ts';
import styles from '../play.module.css';
import { Paytable } from './Paytable.tsx';
import { SymbolArt } from './SymbolArt.tsx';

interface SpinReply {
  status: 'success';
  roundId: string;
  outcome: SpinResult;
  stake: number;
  payout: number;
  balance: number;
  nonce: number;
}

const REEL_STOP_MS = [650, 850, 1050, 1250, 1450];
const randomWindow = () => windowOf(STRIPS.map((s) => Math.floor(Math.random() * s.length)));

export function SlotGame(props: {
  init: InitReply;
  token: string;
  t: Record<LabelKey, string>;
  onBalance(balance: number): void;
  onRound(nonce: number): void;
  onError(error: GameError): void;
}) {
  const { init, token, t } = props;
  const [lineBet, setLineBet] = useState(init.lineBets[0]!);
  const [grid, setGrid] = useState<SlotSymbol[][]>(() => windowOf([0, 3, 6, 9, 12]));
  const [spinning, setSpinning] = useState<boolean[]>([false, false, false, false, false]);
  const [result, setResult] = useState<SpinReply | null>(null);
  const [showPaytable, setShowPaytable] = useState(false);
  const timers = useRef<number[]>([]);
  // Which reels have stopped: the blur timer must not overwrite a reel that already shows its result.
  const stopped = useRef<boolean[]>([true, true, true, true, true]);
  const busy = spinning.some(Boolean);

  useEffect(
    () => () => {
      for (const id of timers.current) clearInterval(id);
    },
    [],
  );

  function stopReel(reel: number, column?: SlotSymbol[]) {
    stopped.current[reel] = true;
    setSpinning((s) => s.map((v, i) => (i === reel ? false : v)));
    if (column) setGrid((g) => g.map((col, i) => (i === reel ? column : col)));
  }

  async function spin() {
    if (busy) return;
    setResult(null);
    stopped.current = [false, false, false, false, false];
    setSpinning([true, true, true, true, true]);
    const blur = window.setInterval(() => {
      const next = randomWindow();
      setGrid((current) => current.map((col, r) => (stopped.current[r] ? col : next[r]!)));
    }, 70);
    timers.current.push(blur);
    const started = Date.now();
    try {
      const reply = await houseCall<SpinReply>('spin', { token, game: init.game.code, lineBet });
      REEL_STOP_MS.forEach((at, reel) => {
        window.setTimeout(
          () => {
            stopReel(reel, reply.outcome.window[reel]);
            if (reel < REEL_STOP_MS.length - 1) return;
            clearInterval(blur);
            setResult(reply);
            props.onBalance(reply.balance);
            props.onRound(reply.nonce + 1);
          },
          Math.max(0, at - (Date.now() - started)),
        );
      });
    } catch (error) {
      clearInterval(blur);
      for (let reel = 0; reel < 5; reel++) stopReel(reel);
      props.onError(error instanceof GameError ? error : new GameError('error', String(error)));
    }
  }

  const winningCells = new Set(
    (result?.outcome.lines ?? []).flatMap((l) =>
      PAYLINES[l.line]!.slice(0, l.count).map((row, reel) => `${reel}:${row}`),
    ),
  );
  const stepBet = (dir: 1 | -1) => {
    const i = init.lineBets.indexOf(lineBet) + dir;
    if (i >= 0 && i < init.lineBets.length) setLineBet(init.lineBets[i]!);
  };

  return (
    <div className={styles.slot}>
      <div className={styles.reels} data-testid="reels">
        {grid.map((column, reel) => (
          <div key={reel} className={`${styles.reel} ${spinning[reel] ? styles.reelSpinning : ''}`}>
            {column.map((symbol, row) => (
              <div
                key={row}
                className={`${styles.cell} ${winningCells.has(`${reel}:${row}`) ? styles.cellWin : ''}`}
              >
                <SymbolArt symbol={symbol} />
              </div>
            ))}
          </div>
        ))}
      </div>
      <div className={styles.winBar} aria-live="polite">
        {result ? (
          result.payout > 0 ? (
            <span className={styles.winText}>
              {t.win} {money(result.payout)}
            </span>
          ) : (
            <span className={styles.muted}>{result.roundId}</span>
          )
        ) : (
          <span className={styles.muted}>{busy ? '…' : `${PAYLINES.length} lines`}</span>
        )}
      </div>
      <div className={styles.controls}>
        <button type="button" className={styles.ghost} onClick={() => setShowPaytable(true)}>
          {t.paytable}
        </button>
        <div className={styles.betBox}>
          <button
            type="button"
            className={styles.round}
            onClick={() => stepBet(-1)}
            disabled={busy}
            aria-label="-"
          >
            −
          </button>
          <div className={styles.betValue}>
            <small>{t.totalBet}</small>
            <strong data-testid="total-bet">{money(lineBet * PAYLINES.length)}</strong>
          </div>
          <button
            type="button"
            className={styles.round}
            onClick={() => stepBet(1)}
            disabled={busy}
            aria-label="+"
          >
            +
          </button>
        </div>
        <button type="button" className={styles.spin} onClick={spin} disabled={busy}>
          {t.spin}
        </button>
      </div>
      {showPaytable && <Paytable lineBet={lineBet} t={t} onClose={() => setShowPaytable(false)} />}
    </div>
  );
}
