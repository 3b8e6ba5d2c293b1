/**
 * Autoplay's rules, pure so a unit test pins them: after each spin, whether to carry on or why to
 * stop. The loss is what the run has staked minus what it has won back.
 */
export interface AutoplaySettings {
  spins: number;
  /** Stop once the run's net loss reaches this amount (null: no limit). */
  lossLimit: number | null;
  /** Stop after a single spin that wins more than this (null: never). */
  winAbove: number | null;
  stopOnFeature: boolean;
}

export interface AutoplayRun {
  settings: AutoplaySettings;
  played: number;
  staked: number;
  won: number;
}

export type StopReason = 'done' | 'lossLimit' | 'bigWin' | 'feature' | 'user' | 'error';

export const AUTOPLAY_COUNTS = [10, 25, 50, 100];

export const startRun = (settings: AutoplaySettings): AutoplayRun => ({
  settings,
  played: 0,
  staked: 0,
  won: 0,
});

/** Records one finished spin; answers the run so far and the reason to stop, if any. */
export function afterSpin(
  run: AutoplayRun,
  spin: { stake: number; payout: number; feature: boolean },
): { run: AutoplayRun; stop: StopReason | null } {
  const next = {
    ...run,
    played: run.played + 1,
    staked: run.staked + spin.stake,
    won: run.won + spin.payout,
  };
  const { lossLimit, winAbove, stopOnFeature, spins } = run.settings;
  let stop: StopReason | null = null;
  if (stopOnFeature && spin.feature) stop = 'feature';
  else if (winAbove !== null && spin.payout > winAbove) stop = 'bigWin';
  else if (lossLimit !== null && next.staked - next.won >= lossLimit) stop = 'lossLimit';
  else if (next.played >= spins) stop = 'done';
  return { run: next, stop };
}

/** Whether the next spin could take the run past its loss limit: the run stops before it. */
export function nextSpinBreaksLimit(run: AutoplayRun, stake: number): boolean {
  const { lossLimit } = run.settings;
  return lossLimit !== null && run.staked - run.won + stake > lossLimit;
}
