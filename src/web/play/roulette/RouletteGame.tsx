import { type CSSProperties, type ReactNode, useState } from 'react';
import type { HouseSuccess } from '../../../shared/contract/house-api.ts';
import { ROULETTE_MAX_SPOT, ROULETTE_MAX_STAKE } from '../../../shared/games/house-games.ts';
import { colorOf } from '../../../shared/games/roulette.ts';
import { GameError, houseCall } from '../api.ts';
import type { GameProps } from '../gameProps.ts';
import { currentPlayCurrency, money, usePlayT } from '../i18n.ts';
import styles from '../play.module.css';
import { playSound } from '../sound/sounds.ts';
import { BetBar } from '../table/BetBar.tsx';
import { ChipRack } from '../table/ChipRack.tsx';
import { chipFace } from '../table/chipFace.ts';
import { COLUMNS, EDGES, edgeSpot } from './board.ts';
import board from './roulette.module.css';
import { Wheel } from './Wheel.tsx';

type SpinReply = HouseSuccess<'roulette'>;
const SPIN_MS = 2_400;
const OUTSIDE = ['low', 'even', 'red', 'black', 'odd', 'high'] as const;

/** Single-zero roulette: chips on the layout, one spin, each bet paid by the table. */
export function RouletteGame(
  props: GameProps & {
    /** Demo play: fun money through the demo table, nothing through the wallet. */
    play?: (bets: Record<string, number>) => Promise<SpinReply>;
  },
) {
  const { init, token } = props;
  const t = usePlayT();
  const [chip, setChip] = useState(init.chips[1] ?? init.chips[0]!);
  const [bets, setBets] = useState<Record<string, number>>({});
  const [lastBets, setLastBets] = useState<Record<string, number>>({});
  const [spin, setSpin] = useState<SpinReply | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(true);
  const [numbers, setNumbers] = useState<number[]>([]);
  const total = Object.values(bets).reduce((a, b) => a + b, 0);

  function place(spot: string | null) {
    if (!spot || busy) return;
    const now = bets[spot] ?? 0;
    if (now + chip > ROULETTE_MAX_SPOT || total + chip > Math.min(ROULETTE_MAX_STAKE, props.balance)) return;
    if (shown) setSpin(null);
    setBets((b) => ({ ...b, [spot]: now + chip }));
    playSound('click');
  }

  async function go() {
    if (busy || total === 0) return;
    setBusy(true);
    setShown(false);
    try {
      const reply = props.play
        ? await props.play(bets)
        : await houseCall('roulette', { token, game: init.game.code, bets });
      setSpin(reply);
      window.setTimeout(() => {
        setShown(true);
        props.onBalance(reply.balance);
        props.onRound(reply.nonce + 1, reply.roundId);
        if (reply.payout > 0) playSound('win', 2);
        setNumbers((n) => [reply.outcome.number, ...n].slice(0, 12));
        setLastBets(bets);
        setBets({});
        setBusy(false);
      }, SPIN_MS);
    } catch (error) {
      setBusy(false);
      setShown(true);
      props.onError(error instanceof GameError ? error : new GameError('error', String(error)));
    }
  }

  const winning = shown && spin ? spin.outcome.number : null;
  const chipOn = (spot: string | null) =>
    spot && bets[spot] ? (
      <span className={board.chipMark} data-testid={`chip-${spot}`}>
        {chipFace(bets[spot]!, currentPlayCurrency())}
      </span>
    ) : null;
  const cellClass = (n: number) => `${board.cell} ${board[colorOf(n)]} ${winning === n ? board.winning : ''}`;
  /** A spot of the layout a chip goes on: its label, then the chip staked there (if any). */
  const spotButton = (spot: string, className: string, label: ReactNode, style?: CSSProperties) => (
    <button
      key={spot}
      type="button"
      className={className}
      style={style}
      onClick={() => place(spot)}
      disabled={busy}
      data-spot={spot}
    >
      {label}
      {chipOn(spot)}
    </button>
  );

  return (
    <div className={board.roulette}>
      <div className={board.top}>
        <Wheel spinning={busy && !shown} number={spin?.outcome.number ?? null} />
        <div className={board.summary} aria-live="polite">
          {shown && spin ? (
            <span data-testid="roulette-result" data-number={spin.outcome.number}>
              <strong className={`${board.resultBall} ${board[spin.outcome.color]}`}>
                {spin.outcome.number}
              </strong>{' '}
              <span className={styles.resultText}>{t(`roulette.color.${spin.outcome.color}`)}</span>
              {spin.payout > 0 ? (
                <span className={styles.winText}>
                  {' · '}
                  {t('win')} {money(spin.payout)}
                </span>
              ) : (
                <span className={styles.muted}> · {t('slot.noWin')}</span>
              )}
            </span>
          ) : (
            <span className={styles.muted}>{busy ? '…' : t('roulette.placeChips')}</span>
          )}
          {numbers.length > 0 && (
            <ol className={board.lastNumbers} aria-label={t('roulette.lastNumbers')}>
              {numbers.map((n, i) => (
                <li key={i} className={board[colorOf(n)]}>
                  {n}
                </li>
              ))}
            </ol>
          )}
          <small className={styles.muted}>
            {t('roulette.rules')}
            {init.rules.laPartage && ` · ${t('roulette.laPartage')}`}
          </small>
        </div>
      </div>

      <div className={board.layout} data-testid="roulette-board">
        {spotButton(
          'straight:0',
          `${board.zeroCell} ${board.cell} ${board.green} ${winning === 0 ? board.winning : ''}`,
          '0',
        )}
        {COLUMNS.flatMap((column, c) =>
          column.map((n, r) => (
            <div key={n} className={board.numberSlot} style={{ '--c': c, '--r': r } as CSSProperties}>
              {spotButton(`straight:${n}`, cellClass(n), n)}
              {EDGES.map((edge) => {
                const spot = edgeSpot(n, edge);
                return (
                  spot && (
                    <button
                      key={edge}
                      type="button"
                      className={`${board.hit} ${board[edge]}`}
                      onClick={() => place(spot)}
                      disabled={busy}
                      aria-label={spot}
                      data-spot={spot}
                    >
                      {chipOn(spot)}
                    </button>
                  )
                );
              })}
            </div>
          )),
        )}
        {[1, 2, 3].map((col) =>
          spotButton(`column:${col}`, `${board.cell} ${board.outside} ${board.columnBet}`, '2:1', {
            '--r': col - 1,
          } as CSSProperties),
        )}
        {[1, 2, 3].map((d) =>
          spotButton(
            `dozen:${d}`,
            `${board.cell} ${board.outside} ${board.dozen}`,
            `${12 * d - 11}–${12 * d}`,
            { '--d': d - 1 } as CSSProperties,
          ),
        )}
        {OUTSIDE.map((spot, i) =>
          spotButton(
            spot,
            `${board.cell} ${board.outside} ${board.even} ${spot === 'red' ? board.red : spot === 'black' ? board.black : ''}`,
            t(`roulette.${spot}`),
            { '--e': i, '--er': Math.floor(i / 3), '--ec': i % 3 } as CSSProperties,
          ),
        )}
      </div>

      <ChipRack chips={init.chips} label={t('bet')} chosen={chip} onChip={setChip} />
      <BetBar
        clear={{ label: t('clear'), onClick: () => setBets({}), disabled: busy || total === 0 }}
        repeat={{
          label: t('roulette.repeat'),
          onClick: () => setBets(lastBets),
          disabled: busy || Object.keys(lastBets).length === 0,
        }}
        totalLabel={t('totalBet')}
        total={money(total)}
        totalTestId="roulette-total"
        go={{ label: t('spin'), onClick: go, disabled: busy || total === 0 }}
      />
    </div>
  );
}
