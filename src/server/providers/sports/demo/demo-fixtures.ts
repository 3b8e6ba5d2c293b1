/**
 * The demo feed's made-up world (SPORTSBOOK.md §5: never real club names): leagues marked [DEMO], their
 * teams, and a fixed schedule: one match every two hours of wall-clock time, each with its own
 * strengths and goals drawn from a generator seeded by its slot, so every process and every day
 * computes the same fixtures and the same final scores.
 */
export const SLOT_MS = 2 * 3_600_000;
/** A match lasts this long in play (one match minute per minute), then it ends and settles. */
export const MATCH_MS = 95 * 60_000;
/** How far ahead fixtures exist: "always a few dozen events over the coming days". */
export const HORIZON_MS = 4 * 86_400_000;

const LEAGUES = [
  {
    id: 'northern',
    name: 'Northern Premier [DEMO]',
    country: 'Aldermark [DEMO]',
    teams: [
      'Harbor Owls',
      'Granite Foxes',
      'Riverside Larks',
      'Iron Bay Rovers',
      'Millbrook Hawks',
      'Coldwater Stags',
    ],
  },
  {
    id: 'southern',
    name: 'Southern Coast League [DEMO]',
    country: 'Brightshore [DEMO]',
    teams: [
      'Sunport Dolphins',
      'Red Cliff Herons',
      'Palm Valley Lynx',
      'Saltmarsh Otters',
      'Amber Sands FC',
      'Lagoon City Rays',
    ],
  },
  {
    id: 'highland',
    name: 'Highland Cup [DEMO]',
    country: 'Aldermark [DEMO]',
    teams: [
      'Pinecrest Wolves',
      'Eagle Ridge United',
      'Stonebridge Rams',
      'Misty Glen Badgers',
      'Frostpeak Bears',
      'Heather Moor Ravens',
    ],
  },
] as const;

/** A small deterministic generator (xorshift32), so a slot always draws the same match. */
function rng(seed: number) {
  let x = (seed * 2654435761) >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

export interface DemoMatch {
  slot: number;
  externalId: string;
  /** The league, and its made-up country (the navigation's grouping). */
  league: { id: string; name: string; country: string };
  home: string;
  away: string;
  startsAt: Date;
  /** Expected goals of each side (the price model's input). */
  homeRate: number;
  awayRate: number;
  /** The minute (1..90) of each goal, by side: the live score and the result follow them. */
  goals: { home: number[]; away: number[] };
}

/** Poisson-distributed count with mean `rate`, from the generator. */
function poisson(rate: number, random: () => number): number {
  const limit = Math.exp(-rate);
  let k = 0;
  let p = random();
  while (p > limit && k < 10) {
    k += 1;
    p *= random();
  }
  return k;
}

export function demoMatch(slot: number): DemoMatch {
  const random = rng(slot);
  const league = LEAGUES[slot % LEAGUES.length]!;
  const i = Math.floor(random() * league.teams.length);
  const j = (i + 1 + Math.floor(random() * (league.teams.length - 1))) % league.teams.length;
  const homeRate = 0.8 + random() * 1.4;
  const awayRate = 0.6 + random() * 1.2;
  const minutes = (n: number) =>
    Array.from({ length: n }, () => 1 + Math.floor(random() * 90)).sort((a, b) => a - b);
  return {
    slot,
    externalId: `demo-${slot}`,
    league: { id: league.id, name: league.name, country: league.country },
    home: league.teams[i]!,
    away: league.teams[j]!,
    startsAt: new Date(slot * SLOT_MS),
    homeRate,
    awayRate,
    goals: { home: minutes(poisson(homeRate, random)), away: minutes(poisson(awayRate, random)) },
  };
}

/** The matches from three hours ago (finishing or just settled) to the horizon. */
export function demoSlots(now: Date): number[] {
  const first = Math.floor((now.getTime() - 3 * 3_600_000) / SLOT_MS);
  const last = Math.floor((now.getTime() + HORIZON_MS) / SLOT_MS);
  return Array.from({ length: last - first + 1 }, (_, n) => first + n);
}

/** Where a match stands at `now`: before, in play (minute and score), or over with its final score. */
export function demoState(m: DemoMatch, now: Date) {
  const elapsed = now.getTime() - m.startsAt.getTime();
  const minute = Math.min(90, Math.floor(elapsed / 60_000));
  const scoreAt = (upTo: number) => ({
    home: m.goals.home.filter((g) => g <= upTo).length,
    away: m.goals.away.filter((g) => g <= upTo).length,
  });
  if (elapsed < 0) return { phase: 'scheduled' as const, minute: 0, score: scoreAt(0) };
  if (elapsed < MATCH_MS) return { phase: 'live' as const, minute, score: scoreAt(minute) };
  return { phase: 'ended' as const, minute: 90, score: scoreAt(90) };
}
