import { useEffect, useRef, useState } from 'react';
import type { HouseSuccess } from '../../../shared/contract/house-api.ts';
import { machineOf } from '../../../shared/games/machines/index.ts';
import { PAYLINES } from '../../../shared/games/slot-machine.ts';
import { GameError, houseCall } from '../api.ts';
import type { GameProps } from '../gameProps.ts';
import { money, usePlayT } from '../i18n.ts';
import { JackpotMeter } from '../jackpot/JackpotMeter.tsx';
import { waitWhilePaused } from '../reality/pauseGate.ts';
import { playSound } from '../sound/sounds.ts';
import { AutoplayDialog } from './AutoplayDialog.tsx';
import {
  type AutoplaySettings,
  afterSpin,
  nextSpinBreaksLimit,
  type StopReason,
  startRun,
} from './autoplay.ts';
import { FeatureBanner } from './FeatureBanner.tsx';
import { type BonusState, FreeSpinsBar } from './FreeSpinsBar.tsx';
import { Paytable } from './Paytable.tsx';
import { Reels } from './Reels.tsx';
import { SlotControls } from './SlotControls.tsx';
import styles from './slot.module.css';
import { NORMAL, QUICK, useReelsShow } from './useReelsShow.ts';
import { WinPresentation } from './WinPresentation.tsx';
import { TIER_LEVEL, TIER_MS, type WinTier, winTier } from './winTier.ts';

type SpinReply = HouseSuccess<'spin'>;
type FreeSpinReply = HouseSuccess<'free-spin'>;

const sleep = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/** The slot window: its machine's reels, the spin with its feature, win presentation and autoplay. */
export function SlotGame(props: GameProps) {
  const { init, token } = props;
  const t = usePlayT();
  const machine = machineOf(init.game.code);
  const reels = useReelsShow(machine);
  const [lineBet, setLineBet] = useState(init.lineBets[0]!);
  const [busy, setBusy] = useState(false);
  const [quick, setQuick] = useState(false);
  // Autoplay's loop runs in the closure it started with: it reads quick spin from here.
  const quickRef = useRef(quick);
  quickRef.current = quick;
  const [win, setWin] = useState<{ amount: number; tier: WinTier; skipped: boolean; id: string } | null>(
    null,
  );
  const [lastRound, setLastRound] = useState<string | null>(null);
  const [focus, setFocus] = useState(-1);
  const [dialog, setDialog] = useState<'paytable' | 'autoplay' | null>(null);
  const [autoLeft, setAutoLeft] = useState<number | null>(null);
  const [stopped, setStopped] = useState<{ reason: StopReason; amount: number } | null>(null);
  const stopRequested = useRef(false);
  const skipWin = useRef<() => void>(() => undefined);
  const totalBet = lineBet * PAYLINES.length;
  // A promotion's free spins of this slot, and the bonus their wins made.
  const [freeSpins, setFreeSpins] = useState(init.freeSpins);
  const [bonus, setBonus] = useState<BonusState | null>(null);

  // Winning lines are drawn together, then one by one while the result rests.
  useEffect(() => {
    setFocus(-1);
    if (busy || reels.lines.length < 2) return;
    let i = 0;
    const id = window.setInterval(() => setFocus(reels.lines[i++ % reels.lines.length]!.line), 1_100);
    return () => clearInterval(id);
  }, [busy, reels.lines]);

  /**
   * One spin shown to its end (a paid one, or a promotion's free spin at its own line bet); resolves
   * with the reply, or null when it was refused.
   */
  async function playOne(free = false): Promise<SpinReply | FreeSpinReply | null> {
    const timing = quickRef.current ? QUICK : NORMAL;
    setBusy(true);
    setWin(null);
    setLastRound(null);
    reels.start();
    const startedAt = performance.now();
    let reply: SpinReply | FreeSpinReply;
    const spinLineBet = free && freeSpins ? freeSpins.lineBet : lineBet;
    try {
      reply = free
        ? await houseCall('free-spin', { token, game: init.game.code })
        : await houseCall('spin', { token, game: init.game.code, lineBet });
    } catch (error) {
      reels.stopNow();
      setBusy(false);
      if (free && error instanceof GameError && error.status === 'no_free_spins') setFreeSpins(null);
      props.onError(error instanceof GameError ? error : new GameError('error', String(error)));
      return null;
    }
    await reels.show(reply.outcome, spinLineBet, timing, startedAt);
    if ('balance' in reply) props.onBalance(reply.balance);
    if ('freeSpins' in reply) {
      // The free spin's win is bonus money: the cash balance stays as it was.
      setFreeSpins(reply.freeSpins);
      setBonus({
        bonus: reply.bonus,
        wageringRequired: reply.wageringRequired,
        wageringDone: reply.wageringDone,
      });
    }
    props.onRound(reply.nonce + 1, reply.roundId);
    setLastRound(reply.roundId);
    const tier = winTier(reply.payout, reply.stake);
    if (tier) {
      playSound(TIER_LEVEL[tier] >= 3 ? 'bigWin' : 'win', TIER_LEVEL[tier]);
      setWin({ amount: reply.payout, tier, skipped: false, id: reply.roundId });
      const duration = quickRef.current ? TIER_MS[tier] / 2 : TIER_MS[tier];
      await new Promise<void>((resolve) => {
        skipWin.current = resolve;
        window.setTimeout(resolve, duration + 300);
      });
      setWin((w) => w && { ...w, skipped: true });
    }
    setBusy(false);
    return reply;
  }

  async function autoplay(settings: AutoplaySettings) {
    setDialog(null);
    setStopped(null);
    stopRequested.current = false;
    let run = startRun(settings);
    let reason: StopReason = 'done';
    setAutoLeft(settings.spins);
    for (;;) {
      // A reality check holds the next spin until the player answers it.
      await waitWhilePaused();
      if (stopRequested.current) {
        reason = 'user';
        break;
      }
      if (nextSpinBreaksLimit(run, totalBet)) {
        reason = 'lossLimit';
        break;
      }
      const reply = await playOne();
      if (!reply) {
        reason = 'error';
        break;
      }
      const verdict = afterSpin(run, {
        stake: reply.stake,
        payout: reply.payout,
        feature: reply.outcome.feature !== null,
      });
      run = verdict.run;
      setAutoLeft(settings.spins - run.played);
      if (verdict.stop) {
        reason = verdict.stop;
        break;
      }
      await sleep(quickRef.current ? 150 : 400);
    }
    setAutoLeft(null);
    setStopped({ reason, amount: settings.winAbove ?? 0 });
  }

  const stepBet = (dir: 1 | -1) => {
    const i = init.lineBets.indexOf(lineBet) + dir;
    if (i >= 0 && i < init.lineBets.length) setLineBet(init.lineBets[i]!);
  };
  const maxBet = () => {
    const affordable = init.lineBets.filter((b) => b * PAYLINES.length <= props.balance);
    setLineBet(affordable.at(-1) ?? init.lineBets[0]!);
  };
  const betIndex = init.lineBets.indexOf(lineBet);

  return (
    <div className={styles.slot}>
      <JackpotMeter currency={init.currency} demo={init.demo} />
      <div className={styles.stage}>
        <Reels
          machine={machine}
          grid={reels.grid}
          spinning={reels.spinning}
          lines={reels.lines}
          focus={focus}
          expanded={reels.expanded}
          quick={quick}
        />
        {reels.banner && <FeatureBanner banner={reels.banner} />}
        {win && !win.skipped && win.tier !== 'small' && win.tier !== 'nice' && (
          <WinPresentation
            key={win.id}
            amount={win.amount}
            tier={win.tier}
            duration={quick ? TIER_MS[win.tier] / 2 : TIER_MS[win.tier]}
            place="stage"
            onSkip={() => skipWin.current()}
          />
        )}
      </div>
      <div className={styles.winBar} aria-live="polite" data-testid="win-bar">
        {win && (win.skipped || win.tier === 'small' || win.tier === 'nice') ? (
          <WinPresentation
            key={`${win.id}-bar`}
            amount={win.amount}
            tier={win.tier}
            duration={win.skipped ? 0 : quick ? TIER_MS[win.tier] / 2 : TIER_MS[win.tier]}
            place="bar"
            onSkip={() => undefined}
          />
        ) : focus >= 0 && !busy ? (
          <span className={styles.muted}>
            {t('slot.lineWin', {
              line: focus + 1,
              amount: money((reels.lines.find((l) => l.line === focus)?.pay ?? 0) * lineBet),
            })}
          </span>
        ) : (
          <span className={styles.muted}>
            {busy ? '…' : lastRound ? t('slot.noWin') : t('slot.lines', { count: PAYLINES.length })}
          </span>
        )}
      </div>
      {!init.demo && (
        <FreeSpinsBar
          spins={freeSpins}
          bonus={bonus}
          busy={busy || autoLeft !== null}
          onPlay={() => {
            setStopped(null);
            void playOne(true);
          }}
        />
      )}
      {autoLeft !== null ? (
        <div className={styles.autoChip} data-testid="autoplay-left">
          {t('autoplay.left', { count: autoLeft })}
        </div>
      ) : (
        stopped && (
          <div className={styles.autoChip} data-testid="autoplay-stopped" data-reason={stopped.reason}>
            {t(`autoplay.stopped.${stopped.reason}`, { amount: money(stopped.amount) })}
          </div>
        )
      )}
      <SlotControls
        totalBet={totalBet}
        busy={busy}
        autoplaying={autoLeft !== null}
        quick={quick}
        canStep={{ down: betIndex > 0, up: betIndex < init.lineBets.length - 1 }}
        onStep={stepBet}
        onMaxBet={maxBet}
        onSpin={() => {
          setStopped(null);
          void playOne();
        }}
        onPaytable={() => setDialog('paytable')}
        onAutoplay={() => setDialog('autoplay')}
        onStopAutoplay={() => {
          stopRequested.current = true;
        }}
        onQuick={() => setQuick((q) => !q)}
      />
      {dialog === 'paytable' && (
        <Paytable
          machine={machine}
          lineBet={lineBet}
          play={{ currency: init.currency, demo: init.demo }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'autoplay' && (
        <AutoplayDialog onStart={(s) => void autoplay(s)} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}
