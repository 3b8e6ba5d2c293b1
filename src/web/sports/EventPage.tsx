import { useEffect, useState } from 'react';
import type { Market, SportEvent } from '../../shared/contract/sports-api.ts';
import type { OddsFormat } from '../../shared/sports/odds-format.ts';
import { sportsCall } from './api.ts';
import browse from './browse/browse.module.css';
import { FavouriteStar } from './browse/FavouriteStar.tsx';
import { groupMarkets, MARKET_GROUPS, type MarketGroup } from './browse/marketGroups.ts';
import type { Favourites } from './browse/useFavourites.ts';
import { marketMax, useMaxStakes } from './browse/useMaxStakes.ts';
import { sportName, useSportsT, when } from './i18n.ts';
import { MarketRow } from './MarketRow.tsx';
import { MatchClock } from './MatchClock.tsx';
import styles from './sports.module.css';

/**
 * One event with all its markets, grouped (main, goals, halves, handicaps), each market's state; a
 * live one with its scoreboard (score and the feed's clock) and the RTS 15A notice. The event comes
 * from the live listing, so its prices, score and clock move as the stream pushes them; one the
 * listing did not hold is asked of the book and joins it.
 */
export function EventPage(props: {
  id: number;
  event: SportEvent | undefined;
  adopt(events: SportEvent[]): void;
  format: OddsFormat;
  picked: Set<number>;
  favourites: Favourites;
  onPick(event: SportEvent, market: Market, selectionId: number): void;
  onBack(): void;
  /** The member's book session: the Max per market is theirs (none in a guest's window). */
  token: string | undefined;
}) {
  const t = useSportsT();
  const { event, id, adopt } = props;
  const [asked, setAsked] = useState(false);
  const [group, setGroup] = useState<MarketGroup | 'all'>('all');
  const held = event !== undefined;
  useEffect(() => {
    if (held) return;
    sportsCall('events', { eventId: id })
      .then((r) => adopt(r.events))
      .catch(() => undefined)
      .finally(() => setAsked(true));
  }, [id, held, adopt]);
  const groups = event ? groupMarkets(event.markets) : [];
  const maxes = useMaxStakes(
    props.token,
    (event?.markets ?? []).flatMap((m) => m.selections.map((s) => s.id)),
  );
  const live = event?.status === 'live';
  return (
    <section className={styles.eventPage} data-testid="event-page" data-event={event?.id}>
      <button type="button" className={styles.back} onClick={props.onBack}>
        ← {t('back')}
      </button>
      {!event ? (
        <p className={styles.muted}>{asked ? t('eventGone') : t('loading')}</p>
      ) : (
        <>
          <h2 className={`${styles.eventTitle} ${browse.sectionTitle}`} translate="no">
            <span>{event.name}</span>
            <FavouriteStar favourites={props.favourites} kind="event" id={event.id} />
          </h2>
          <p className={styles.eventMeta}>
            <span translate="no">
              {sportName(t, event)} · {event.competition}
            </span>
            {' · '}
            {live ? (
              <span className={styles.liveBadge}>{t('live')}</span>
            ) : event.status === 'ended' ? (
              t('ended')
            ) : (
              <time dateTime={event.startsAt}>{when(event.startsAt)}</time>
            )}
          </p>
          {live && (
            <div className={browse.scoreboard} data-testid="scoreboard">
              <span className={browse.team} translate="no">
                {event.home ?? ''}
              </span>
              <span>
                <strong data-testid="score">
                  {event.score?.home ?? 0}–{event.score?.away ?? 0}
                </strong>
                <MatchClock score={event.score} className={browse.clock} />
              </span>
              <span className={browse.team} translate="no">
                {event.away ?? ''}
              </span>
            </div>
          )}
          {live && (
            <p className={styles.notice} role="note" data-testid="live-notice">
              {t('liveNotice')}
            </p>
          )}
          {event.markets.length === 0 && <p className={styles.muted}>{t('noMarkets')}</p>}
          {groups.length > 1 && (
            <div className={styles.chips} data-testid="market-groups">
              {(['all', ...MARKET_GROUPS.filter((g) => groups.some(([x]) => x === g))] as const).map((g) => (
                <button
                  key={g}
                  type="button"
                  aria-pressed={group === g}
                  className={group === g ? styles.chipActive : styles.chip}
                  onClick={() => setGroup(g)}
                >
                  {t(`group.${g}`)}
                </button>
              ))}
            </div>
          )}
          {groups
            .filter(([g]) => group === 'all' || g === group)
            .map(([g, markets]) => (
              <div key={g} data-testid="market-group" data-group={g}>
                <h3 className={browse.groupTitle}>{t(`group.${g}`)}</h3>
                {markets.map((m) => (
                  <MarketRow
                    key={m.id}
                    event={event}
                    market={m}
                    format={props.format}
                    picked={props.picked}
                    onPick={props.onPick}
                    maxStake={marketMax(
                      maxes,
                      m.selections.map((s) => s.id),
                    )}
                  />
                ))}
              </div>
            ))}
        </>
      )}
    </section>
  );
}
