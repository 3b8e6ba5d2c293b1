import { useEffect, useState } from 'react';
import { sportsCall } from '../api.ts';

/** The book's `maxStake` asks for at most this many selections at once. */
const AT_ONCE = 100;

/**
 * The book's Max for this member on each of these selections as a single (null: no limit reaches it),
 * asked again when the selections change. None in a guest's window.
 */
export function useMaxStakes(token: string | undefined, selectionIds: number[]): Map<number, number | null> {
  const [maxes, setMaxes] = useState<Map<number, number | null>>(new Map());
  const key = selectionIds.slice(0, AT_ONCE).join(',');
  useEffect(() => {
    if (!token || key === '') return setMaxes(new Map());
    sportsCall('maxStake', { token, selectionIds: key.split(',').map(Number) })
      .then((r) => setMaxes(new Map(r.singles.map((s) => [s.selectionId, s.max]))))
      .catch(() => setMaxes(new Map()));
  }, [token, key]);
  return maxes;
}

/** A market's Max: the largest stake every one of its selections takes (undefined when none is known). */
export function marketMax(maxes: Map<number, number | null>, selectionIds: number[]): number | undefined {
  const known = selectionIds.map((id) => maxes.get(id)).filter((m): m is number => typeof m === 'number');
  return known.length ? Math.min(...known) : undefined;
}
