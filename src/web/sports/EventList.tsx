import { useDeferredValue, useState } from 'react';
import type { SportEvent } from '../../shared/contract/sports-api.ts';
import { TabStrip } from '../../ui/TabStrip.tsx';
import { HydrateLater } from '../components/HydrateLater.tsx';
import { type CardContext, cardContext, EventCard } from './EventCard.tsx';
import { sportName, useSportsT } from './i18n.ts';
import styles from './sports.module.css';
import { useIncremental } from './useIncremental.ts';

const NONE: SportEvent[] = [];

/** The member's favourites (in the card context) also list their leagues first. */
interface Props extends CardContext {
  events: SportEvent[];
  live: boolean;
}

/**
 * Sports → competitions → events with their main market, rendered incrementally (useIncremental) so a
 * listing of 500 matches stays smooth on a phone. The live section lists events in play with
 * the UKGC RTS 15A notice that pictures elsewhere may be ahead of ours.
 */
export function EventList(props: Props) {
  const t = useSportsT();
  const card = cardContext(props);
  // The listing renders in the background, yielding to taps and scrolls (a long listing arriving, a filter).
  const events = useDeferredValue(props.events, NONE);
  const shown = events.filter((e) => (props.live ? e.status === 'live' : e.status !== 'ended'));
  // One pass each, and a sport's name looked up once: a long listing (hundreds of events, re-rendered
  // as its later pages arrive) asked for every event's sport name and rescanned it per league.
  const sportNames = new Map<string, string>();
  for (const e of shown) if (!sportNames.has(e.sportCode)) sportNames.set(e.sportCode, sportName(t, e));
  const sports = [...sportNames.entries()];
  const [sport, setSport] = useState<string | null>(null);
  const current = sports.find(([code]) => code === sport) ?? sports[0];
  const byCompetition = new Map<string, SportEvent[]>();
  const favouriteLeagues = new Set<string>();
  for (const e of shown) {
    if (e.sportCode !== current?.[0]) continue;
    const league = byCompetition.get(e.competition);
    if (league) league.push(e);
    else byCompetition.set(e.competition, [e]);
    if (props.favourites?.leagues.has(e.competitionId)) favouriteLeagues.add(e.competition);
  }
  const favourite = (c: string) => (favouriteLeagues.has(c) ? 0 : 1);
  // The member's favourite leagues first; otherwise the leagues in listing order.
  const competitions = [...byCompetition.keys()].sort((a, b) => favourite(a) - favourite(b));
  const ordered = competitions.flatMap((c) => byCompetition.get(c)!);
  const { count, sentinel, more } = useIncremental(ordered.length);
  // The first `count` cards, still under their leagues' headings.
  const groups: { competition: string; events: SportEvent[] }[] = [];
  for (const e of ordered.slice(0, count)) {
    const last = groups.at(-1);
    if (last?.competition === e.competition) last.events.push(e);
    else groups.push({ competition: e.competition, events: [e] });
  }
  return (
    <section
      aria-label={props.live ? t('liveNow') : t('sports')}
      data-testid="listing"
      data-count={ordered.length}
    >
      {props.live && (
        <p className={styles.notice} role="note" data-testid="live-notice">
          {t('liveNotice')}
        </p>
      )}
      {sports.length > 1 && (
        <TabStrip
          tabs={sports.map(([code]) => code)}
          selected={current?.[0]}
          onSelect={setSport}
          label={(code) => sportNames.get(code)}
          className={styles.chips}
          tabClass={(_, chosen) => (chosen ? styles.chipActive : styles.chip)}
        />
      )}
      {shown.length === 0 && <p className={styles.muted}>{props.live ? t('noLive') : t('noEvents')}</p>}
      {groups.map(({ competition, events }) => (
        <div key={competition} className={styles.competition} data-testid="competition">
          <h2 className={styles.competitionName} translate="no">
            {current?.[1]} · {competition}
          </h2>
          {/* Each card of the server's first screen hydrates in a turn of its own (HydrateLater): the
              sixteen together were the window's longest task on a phone. */}
          {events.map((e) => (
            <HydrateLater key={e.id}>
              <div className={styles.cardSlot}>
                <EventCard event={e} {...card} />
              </div>
            </HydrateLater>
          ))}
        </div>
      ))}
      {more && <div ref={sentinel} className={styles.more} data-testid="list-more" aria-hidden="true" />}
    </section>
  );
}
