import { useEffect, useState } from 'react';
import { rezonedWallTime } from './local-time.ts';
import type { TextKey } from './text-fields.ts';

type Zone = string | undefined;

/**
 * A form whose date fields are typed in the chosen site's wall time and read in it at the save: when
 * the zone changes while the form is open (the header's site picker, or the session loading after
 * UTC), `move(from, to)` runs once to rewrite them in the new zone, standing for the same moments.
 * Without it the save read the times typed for Bangkok as Seoul's: 10:00 became two hours earlier.
 */
export function useZoneFollow(zone: Zone, move: (from: Zone, to: Zone) => void): void {
  const [writtenIn, setWrittenIn] = useState(zone);
  useEffect(() => {
    if (zone === writtenIn) return;
    move(writtenIn, zone);
    setWrittenIn(zone);
  }, [zone, writtenIn, move]);
}

/** useZoneFollow for a form held in one state object: its wall-time fields `keys` move to the new zone. */
export function useWallTimeFields<F extends object>(
  zone: Zone,
  setForm: (update: (current: F) => F) => void,
  keys: readonly TextKey<F>[],
): void {
  useZoneFollow(zone, (from, to) =>
    setForm((current) => {
      const moved = { ...current };
      for (const key of keys) (moved[key] as string) = rezonedWallTime(current[key] as string, from, to);
      return moved;
    }),
  );
}
