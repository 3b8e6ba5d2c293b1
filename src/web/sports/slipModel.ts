import type { SportEvent } from '../../shared/contract/sports-api.ts';
import { binomial, NAMED_SYSTEMS, type NamedSystem } from '../../shared/sports/bet-types.ts';
import { cmp, type Fraction, parseFractionText } from '../../shared/sports/fraction.ts';

/** One selection on the slip: the price the member accepted, and the price the book shows now. */
export interface SlipLeg {
  selectionId: number;
  eventId: number;
  eventName: string;
  marketName: string;
  name: string;
  rounding: 'down' | 'nearest';
  /** The price the member agreed to (sent with the bet). */
  accepted: string;
  /** The book's price now, pushed live. */
  current: string;
  /** The market takes bets now (not suspended, not ended). */
  open: boolean;
  /** The event's start, shown on the leg (absent on a slip kept from before it was recorded). */
  startsAt?: string;
}

const SLIP_KEY = 'sports.slip';
/** The slip kept in this browser, so a reload does not lose it (its prices refresh from the live feed). */
export function storedSlip(): SlipLeg[] {
  try {
    const v = JSON.parse(localStorage.getItem(SLIP_KEY) ?? '[]') as unknown;
    return Array.isArray(v)
      ? (v as SlipLeg[]).filter(
          (l) => typeof l?.selectionId === 'number' && parseFractionText(String(l.accepted)),
        )
      : [];
  } catch {
    return [];
  }
}
export const rememberSlip = (legs: SlipLeg[]) => {
  try {
    localStorage.setItem(SLIP_KEY, JSON.stringify(legs.slice(0, 20)));
  } catch {
    // A full or blocked storage only loses the slip on reload.
  }
};

export const SLIP_TABS = ['single', 'multiple', 'system'] as const;
export type SlipTab = (typeof SLIP_TABS)[number];

/** A system choice: a named full cover, or the combinations of one size ("2/3"). */
export interface SystemChoice {
  key: string;
  name?: NamedSystem;
  sizes?: number[];
  lines: number;
}

export const frac = (text: string): Fraction => parseFractionText(text)!;

/** How the price moved since the member accepted it: 1 longer (better), -1 shorter, 0 not at all. */
export const moved = (leg: SlipLeg) => cmp(frac(leg.current), frac(leg.accepted));

/** The systems a slip of n selections can be: "k/n" for each 2 ≤ k < n, then the named full covers. */
export function systemChoices(n: number): SystemChoice[] {
  if (n < 2) return [];
  const out: SystemChoice[] = [];
  for (let k = 2; k < n; k++) out.push({ key: `${k}/${n}`, sizes: [k], lines: binomial(n, k) });
  for (const [name, s] of Object.entries(NAMED_SYSTEMS) as [
    NamedSystem,
    (typeof NAMED_SYSTEMS)[NamedSystem],
  ][]) {
    if (s.selections === n && name !== 'canadian')
      out.push({ key: name, name, lines: s.sizes.reduce((sum, k) => sum + binomial(n, k), 0) });
  }
  return out;
}

/** A multiple needs one selection per event. */
export const sameEvent = (legs: SlipLeg[]) => new Set(legs.map((l) => l.eventId)).size !== legs.length;

/** Refreshes the slip's legs from pushed events: new current prices, open or not. */
export function refreshLegs(legs: SlipLeg[], events: Map<number, SportEvent>): SlipLeg[] {
  let changed = false;
  const next = legs.map((leg) => {
    const event = events.get(leg.eventId);
    if (!event) return leg;
    const market = event.markets.find((m) => m.selections.some((s) => s.id === leg.selectionId));
    const selection = market?.selections.find((s) => s.id === leg.selectionId);
    const open = Boolean(
      market && selection && market.status === 'open' && selection.open && event.status !== 'ended',
    );
    const current = selection?.price ?? leg.current;
    if (current === leg.current && open === leg.open) return leg;
    changed = true;
    return { ...leg, current, open };
  });
  return changed ? next : legs;
}
