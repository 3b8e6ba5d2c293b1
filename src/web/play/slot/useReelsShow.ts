import { useCallback, useEffect, useRef, useState } from 'react';
import type { LineWin, SlotMachine, SlotOutcome } from '../../../shared/games/slot-machine.ts';
import { playSound } from '../sound/sounds.ts';

export interface Timing {
  /** When each reel stops, in ms after the spin started. */
  stops: number[];
  /** How long a feature's announcement holds. */
  feature: number;
  /** How long each free spin's result holds. */
  freeSpinHold: number;
}

export const NORMAL: Timing = { stops: [650, 850, 1050, 1250, 1450], feature: 1_200, freeSpinHold: 900 };
export const QUICK: Timing = { stops: [200, 260, 320, 380, 440], feature: 600, freeSpinHold: 400 };

const sleep = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/** What the feature announcement shows. */
export type Banner =
  | { kind: 'freeSpins'; count: number; multiplier: number }
  | { kind: 'freeSpin'; n: number; total: number; won: number }
  | { kind: 'expandingWild' }
  | { kind: 'multiplier'; value: number };

/**
 * The reels' show: spinning, stopping reel by reel, the feature (expanding wilds, a multiplier,
 * free spins played one by one) and the winning lines. Each step only sets state; the motion is CSS.
 */
export function useReelsShow(machine: SlotMachine) {
  const [grid, setGrid] = useState<string[][]>(() =>
    machine.strips.map((strip, r) => [0, 1, 2].map((i) => strip[(r * 4 + i) % strip.length]!)),
  );
  const [spinning, setSpinning] = useState<boolean[]>([false, false, false, false, false]);
  const [lines, setLines] = useState<LineWin[]>([]);
  const [expanded, setExpanded] = useState<number[]>([]);
  const [banner, setBanner] = useState<Banner | null>(null);
  const alive = useRef(true);
  // Set in the effect too: StrictMode mounts, unmounts and mounts again.
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const start = useCallback(() => {
    setLines([]);
    setExpanded([]);
    setBanner(null);
    setSpinning([true, true, true, true, true]);
    playSound('spin');
  }, []);

  /** Stops the reels on `window`, counting each reel's stop from `startedAt`. */
  const land = useCallback(async (window: string[][], timing: Timing, startedAt: number) => {
    for (let reel = 0; reel < window.length; reel++) {
      const wait = timing.stops[reel]! - (performance.now() - startedAt);
      if (wait > 0) await sleep(wait);
      if (!alive.current) return;
      setGrid((g) => g.map((col, i) => (i === reel ? window[reel]! : col)));
      setSpinning((s) => s.map((v, i) => (i === reel ? false : v)));
      playSound('reelStop');
    }
  }, []);

  const stopNow = useCallback(() => setSpinning([false, false, false, false, false]), []);

  /** Plays out one paid spin's outcome after the server answered; resolves when the reels rest. */
  const show = useCallback(
    async (outcome: SlotOutcome, lineBet: number, timing: Timing, startedAt: number) => {
      const f = outcome.feature;
      await land(f?.kind === 'expandingWilds' ? f.landed : outcome.window, timing, startedAt);
      if (f?.kind === 'expandingWilds') {
        setBanner({ kind: 'expandingWild' });
        playSound('feature');
        await sleep(timing.feature / 2);
        setExpanded(f.reels);
        setGrid(outcome.window);
        await sleep(timing.feature / 2);
      }
      if (f?.kind === 'multiplier') {
        setBanner({ kind: 'multiplier', value: f.value });
        playSound('feature');
      }
      setLines(outcome.lines);
      if (f?.kind !== 'freeSpins') return;
      await sleep(outcome.lines.length > 0 ? timing.feature : timing.feature / 2);
      setBanner({ kind: 'freeSpins', count: f.spins.length, multiplier: f.winMultiplier });
      playSound('feature');
      await sleep(timing.feature);
      let won = 0;
      for (const [i, spin] of f.spins.entries()) {
        if (!alive.current) return;
        start();
        setBanner({ kind: 'freeSpin', n: i + 1, total: f.spins.length, won });
        await land(spin.window, timing, performance.now());
        won += spin.pay * f.winMultiplier * lineBet;
        setLines(spin.lines);
        setBanner({ kind: 'freeSpin', n: i + 1, total: f.spins.length, won });
        await sleep(spin.pay > 0 ? timing.freeSpinHold * 1.5 : timing.freeSpinHold);
      }
      // The total is presented next; the last free spin's counter steps aside for it.
      setLines([]);
      setBanner(null);
    },
    [land, start],
  );

  return { grid, spinning, lines, expanded, banner, start, show, stopNow };
}
