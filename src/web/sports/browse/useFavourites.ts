import { useCallback, useEffect, useRef, useState } from 'react';
import type { SportEvent } from '../../../shared/contract/sports-api.ts';
import { sportsCall } from '../api.ts';
import { aboveListAnswer, aboveListFresh, prefetchAboveList } from './aboveList.ts';

export type FavouriteKind = 'competition' | 'event';

export interface Favourites {
  leagues: ReadonlySet<number>;
  events: ReadonlySet<number>;
  /** A member's window (a token) keeps favourites; a guest's shows no stars. */
  enabled: boolean;
  toggle(kind: FavouriteKind, id: number): void;
}

/**
 * The member's favourite leagues and events, kept by the book (on every device): loaded with the
 * window, their open events handed to the listing (`adopt`) so their prices stay live; a star's tap
 * shows at once and is taken back if the book refuses it.
 */
export function useFavourites(token: string | undefined, adopt: (events: SportEvent[]) => void): Favourites {
  // The answer asked beside the first screen (aboveList.ts) with this token, taken in the render that
  // first knows the token: the window's first paint of the sports home already shows the favourites
  // (their events were adopted with it, SportsApp). A server-rendered window knows both at once.
  const first = aboveListAnswer();
  const atOnce = token && first?.favourites && first.token === token ? first.favourites : undefined;
  const [leagues, setLeagues] = useState<ReadonlySet<number>>(() => new Set(atOnce?.leagues));
  const [events, setEvents] = useState<ReadonlySet<number>>(() => new Set(atOnce?.events.map((e) => e.id)));
  const seeded = useRef<string | undefined>(atOnce ? token : undefined);
  if (token && seeded.current !== token && first?.favourites && first.token === token) {
    seeded.current = token;
    setLeagues(new Set(first.favourites.leagues));
    setEvents(new Set(first.favourites.events.map((e) => e.id)));
  }
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    // The prefetched answer for this token (seeded above when it came first); else the book is asked.
    prefetchAboveList()
      .then((first) =>
        first.favourites && first.token === token && aboveListFresh()
          ? first.favourites
          : sportsCall('favourites', { token }),
      )
      .then((r) => {
        // Already shown from this very answer (seeded above): new sets would re-render every card for nothing.
        if (cancelled || (r === aboveListAnswer()?.favourites && seeded.current === token)) return;
        setLeagues(new Set(r.leagues));
        setEvents(new Set(r.events.map((e) => e.id)));
        adopt(r.events);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [token, adopt]);

  const now = useRef({ leagues, events });
  now.current = { leagues, events };
  const toggle = useCallback(
    (kind: FavouriteKind, id: number) => {
      if (!token) return;
      const set = kind === 'event' ? setEvents : setLeagues;
      const on = !(kind === 'event' ? now.current.events : now.current.leagues).has(id);
      const to = (wanted: boolean) => (current: ReadonlySet<number>) => {
        const next = new Set(current);
        if (wanted) next.add(id);
        else next.delete(id);
        return next;
      };
      set(to(on));
      sportsCall('favourite', { token, kind, id, on }).catch(() => set(to(!on)));
    },
    [token],
  );
  return { leagues, events, enabled: Boolean(token), toggle };
}
