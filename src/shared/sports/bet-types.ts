/**
 * Bet shapes: a single, a multiple of every leg, or a system bet written as the combination sizes it
 * covers ("2/3" = sizes [2] over three selections). Named full-cover bets are fixed size lists.
 */
export const NAMED_SYSTEMS = {
  trixie: { selections: 3, sizes: [2, 3] },
  patent: { selections: 3, sizes: [1, 2, 3] },
  yankee: { selections: 4, sizes: [2, 3, 4] },
  lucky15: { selections: 4, sizes: [1, 2, 3, 4] },
  superYankee: { selections: 5, sizes: [2, 3, 4, 5] },
  canadian: { selections: 5, sizes: [2, 3, 4, 5] },
  lucky31: { selections: 5, sizes: [1, 2, 3, 4, 5] },
  heinz: { selections: 6, sizes: [2, 3, 4, 5, 6] },
  lucky63: { selections: 6, sizes: [1, 2, 3, 4, 5, 6] },
  superHeinz: { selections: 7, sizes: [2, 3, 4, 5, 6, 7] },
  goliath: { selections: 8, sizes: [2, 3, 4, 5, 6, 7, 8] },
} as const satisfies Record<string, { selections: number; sizes: readonly number[] }>;

export type NamedSystem = keyof typeof NAMED_SYSTEMS;
export const isNamedSystem = (s: string): s is NamedSystem => Object.hasOwn(NAMED_SYSTEMS, s);

export const MAX_LEGS = 20;
/** System bets stop at 12 selections: C(12, 6) = 924 lines is already more than any book offers. */
export const MAX_SYSTEM_SELECTIONS = 12;

/** Every k-subset of 0..n-1 in lexicographic order. */
export function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const walk = (start: number) => {
    if (pick.length === k) {
      out.push([...pick]);
      return;
    }
    for (let i = start; i <= n - (k - pick.length); i++) {
      pick.push(i);
      walk(i + 1);
      pick.pop();
    }
  };
  if (k >= 1 && k <= n) walk(0);
  return out;
}

/** The lines a bet over n legs consists of, each a list of leg indexes. */
export function betLines(n: number, sizes: readonly number[]): number[][] {
  return [...new Set(sizes)].sort((a, b) => a - b).flatMap((k) => combinations(n, k));
}

export const binomial = (n: number, k: number): number => {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
};

export type BetKind = 'single' | 'multiple' | 'system';

/** The combination sizes a bet covers, or a reason it is not a valid shape. */
export function sizesFor(
  kind: BetKind,
  legs: number,
  system?: { sizes?: readonly number[]; name?: string },
): number[] | string {
  if (kind === 'single') return legs === 1 ? [1] : 'a single has exactly one selection';
  if (kind === 'multiple')
    return legs >= 2 && legs <= MAX_LEGS ? [legs] : 'a multiple has 2 to 20 selections';
  if (legs < 2 || legs > MAX_SYSTEM_SELECTIONS) return 'a system bet has 2 to 12 selections';
  if (system?.name) {
    if (!isNamedSystem(system.name)) return 'unknown system bet';
    const named = NAMED_SYSTEMS[system.name];
    return named.selections === legs
      ? [...named.sizes]
      : `a ${system.name} has ${named.selections} selections`;
  }
  const sizes = [...new Set(system?.sizes ?? [])].sort((a, b) => a - b);
  if (sizes.length === 0 || sizes.some((k) => !Number.isInteger(k) || k < 1 || k > legs))
    return 'system sizes must be between 1 and the number of selections';
  return sizes;
}
