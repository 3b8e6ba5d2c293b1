import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import type { Market, SportEvent, SportsAnswer } from '../../shared/contract/sports-api.ts';
import type { OddsFormat } from '../../shared/sports/odds-format.ts';
import { callRoute } from '../api/client.ts';
import { HydrateLater } from '../components/HydrateLater.tsx';
import { setSiteZone } from '../features/site/site-zone.ts';
import { leaveWindow } from '../windows/leave-window.ts';
import { launchToken, sportsCall } from './api.ts';
import { BetSlip } from './BetSlip.tsx';
import { prefetchAboveList } from './browse/aboveList.ts';
import { Browse } from './browse/Browse.tsx';
import { LeaguePage } from './browse/LeaguePage.tsx';
import { useFavourites } from './browse/useFavourites.ts';
import { useRestOfListing, withRest } from './browse/useRestOfListing.ts';
import { EventList } from './EventList.tsx';
import { EventPage } from './EventPage.tsx';
import { setSportsCurrency, useSportsT } from './i18n.ts';
import { marketLabel, selectionLabel } from './labels.ts';
import { MyBets } from './MyBets.tsx';
import { ODDS_FORMATS, rememberOddsFormat, storedOddsFormat } from './prefs.ts';
import { sportsShell } from './shell.ts';
import { refreshLegs, rememberSlip, type SlipLeg, storedSlip } from './slipModel.ts';
import styles from './sports.module.css';
import { inListingOrder, useLiveBalance, useLiveEvents } from './useLiveEvents.ts';

type View =
  | { kind: 'sports' }
  | { kind: 'live' }
  | { kind: 'bets' }
  | { kind: 'rules' }
  | { kind: 'event'; id: number }
  | { kind: 'league'; id: number; name: string };

/** The longest the sports home waits for what it shows above the listing before painting without it. */
const ABOVE_LIST_WAIT_MS = 5_000;

/** The slip before this browser's kept slip is read (never written back over it). */
const SLIP_UNREAD: SlipLeg[] = [];

/** The published house rules: their own chunk and words, loaded when the member opens them. */
const RulesPage = lazy(() => import('./rules/RulesPage.tsx').then((m) => ({ default: m.RulesPage })));

/** Back to the site: the sports window closes, or goes to the site's home page (leaveWindow). */
const backToSite = () => leaveWindow('/');

/** The sports window: /sports?token=… (from open-game), or /sports?bet=<id> (a proof linked from my page). */
export function SportsApp() {
  const t = useSportsT();
  // The answers the server rendered this window's first screen with (sports/shell.ts), if it did.
  const shell = sportsShell();
  const params = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search);
  const focusBet = Number(params.get('bet')) || undefined;
  const [view, setView] = useState<View>(focusBet ? { kind: 'bets' } : { kind: 'sports' });
  const [token, setToken] = useState<string | undefined>(shell?.token);
  const [init, setInit] = useState<SportsAnswer<'init'> | null>(shell?.init ?? null);
  const [failed, setFailed] = useState(false);
  // This browser's last choice at once; the book's answer for the member (their own, or the site's default) on init.
  const [format, setFormat] = useState<OddsFormat>(
    () => shell?.init.oddsFormat ?? storedOddsFormat() ?? 'decimal',
  );
  // A server-rendered window starts with the server's empty slip (hydration keeps the server's
  // attributes, so a picked price would stay unmarked), then this browser's kept slip at once.
  const [legs, setLegs] = useState<SlipLeg[]>(shell ? SLIP_UNREAD : storedSlip);
  useLayoutEffect(() => {
    if (shell) setLegs(storedSlip());
  }, [shell]);
  const [slipOpen, setSlipOpen] = useState(false);
  const { events, loaded, adopt, follow } = useLiveEvents();
  const [balance, setBalance] = useLiveBalance(init?.balance);

  useEffect(() => {
    document.title = t('title');
    // Launched on the server already: its answer stands.
    if (shell) return rememberOddsFormat(shell.init.oddsFormat);
    void launchToken().then(async (found) => {
      if (!found) return setFailed(true);
      try {
        const answer = await sportsCall('init', { token: found });
        setSportsCurrency(answer.currency);
        setInit(answer);
        setFormat(answer.oddsFormat);
        rememberOddsFormat(answer.oddsFormat);
        setToken(found);
      } catch {
        setFailed(true);
      }
    });
  }, [t, shell]);

  // The site's summary for its time zone: the window's times are the site's, not the browser's (shown
  // again once it has answered; a guest's window too).
  const [, setZone] = useState<string>();
  useEffect(() => {
    // Rendered on the server: the zone came with the page (seedSportsShell).
    if (shell) return;
    callRoute('get-reg-domain', {})
      .then((reply) => {
        setSiteZone(reply.site.timezone);
        setZone(reply.site.timezone);
      })
      .catch(() => undefined);
  }, [shell]);

  // The sports home paints once what it shows above the listing has come too (asked beside the first
  // screen, aboveList.ts) and the launch is settled (the favourites are a member's): inserted later, it
  // pushed the list down (Lighthouse's CLS 0.21–0.27).
  const [aboveReady, setAboveReady] = useState(shell !== undefined);
  useEffect(() => {
    void prefetchAboveList().then((above) => {
      if (above.favourites) adopt(above.favourites.events);
      setAboveReady(true);
    });
  }, [adopt]);
  // A hung answer (or launch) never keeps the home from painting: what it holds comes when it does.
  const [waitedOut, setWaitedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedOut(true), ABOVE_LIST_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const homeReady = (aboveReady && (token !== undefined || failed)) || waitedOut;
  const favourites = useFavourites(token, adopt);

  useEffect(() => {
    if (legs !== SLIP_UNREAD) rememberSlip(legs);
  }, [legs]);
  // The slip's prices stay live whether or not its events are on screen.
  useEffect(
    () =>
      follow(
        'slip',
        legs.map((l) => l.eventId),
      ),
    [legs, follow],
  );

  // Prices pushed while selections sit on the slip: shown moving, never silently accepted.
  useEffect(() => setLegs((current) => refreshLegs(current, events)), [events]);

  const rest = useRestOfListing(events.size, loaded);
  const list = useMemo(() => inListingOrder(withRest(events, rest)), [events, rest]);
  const picked = useMemo(() => new Set(legs.map((l) => l.selectionId)), [legs]);
  const liveCount = list.filter((e) => e.status === 'live').length;

  // Kept the same function from one render to the next (per language): event cards are memoised on it.
  const pick = useCallback(
    (event: SportEvent, market: Market, selectionId: number) => {
      const s = market.selections.find((x) => x.id === selectionId);
      if (!s) return;
      setLegs((current) =>
        current.some((l) => l.selectionId === selectionId)
          ? current.filter((l) => l.selectionId !== selectionId)
          : current.length >= 20
            ? current
            : [
                ...current,
                {
                  selectionId,
                  eventId: event.id,
                  eventName: event.name,
                  marketName: marketLabel(t, market),
                  name: selectionLabel(t, s),
                  rounding: market.rounding,
                  accepted: s.price,
                  current: s.price,
                  open: true,
                  startsAt: event.startsAt,
                },
              ],
      );
    },
    [t],
  );

  const openEvent = useCallback((id: number) => setView({ kind: 'event', id }), []);
  const chooseFormat = (f: OddsFormat) => {
    setFormat(f);
    rememberOddsFormat(f);
    // Kept by the book for the member, on every device; a failure leaves this browser's choice.
    if (token) void sportsCall('oddsFormat', { token, format: f }).catch(() => undefined);
  };
  const listProps = {
    events: list,
    format,
    picked,
    onPick: pick,
    onOpen: openEvent,
  };
  const found = {
    events,
    adopt,
    favourites,
    onLeague: (id: number, name: string) => setView({ kind: 'league', id, name }),
  };

  return (
    <div className={styles.app}>
      <header className={styles.top}>
        <h1 className={styles.title}>{t('title')}</h1>
        <label className={styles.oddsFormat}>
          <span className={styles.oddsLabel}>{t('odds.label')}</span>
          <select
            value={format}
            onChange={(e) => chooseFormat(e.target.value as OddsFormat)}
            data-testid="odds-format"
          >
            {ODDS_FORMATS.map((f) => (
              <option key={f} value={f}>
                {t(`odds.${f}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={view.kind === 'rules' ? styles.rulesLinkActive : styles.rulesLink}
          aria-current={view.kind === 'rules' ? 'page' : undefined}
          onClick={() => setView({ kind: 'rules' })}
          data-testid="nav-rules"
        >
          {t('rules')}
        </button>
        <button
          type="button"
          className={styles.toSite}
          onClick={backToSite}
          aria-label={t('toSite')}
          title={t('toSite')}
          data-testid="sports-to-site"
        >
          <span aria-hidden="true">✕</span>
        </button>
      </header>
      <nav className={styles.nav}>
        {(['sports', 'live', 'bets'] as const).map((name) => (
          <button
            key={name}
            type="button"
            className={view.kind === name ? styles.navActive : styles.navItem}
            aria-current={view.kind === name ? 'page' : undefined}
            onClick={() => setView({ kind: name })}
            data-testid={`nav-${name}`}
          >
            {name === 'sports'
              ? t('sports')
              : name === 'live'
                ? `${t('liveNow')} (${liveCount})`
                : t('myBets')}
          </button>
        ))}
      </nav>
      {failed && (
        <p className={styles.refusal} role="alert" data-testid="session-ended">
          {t('refusal.session_expired')}
        </p>
      )}
      <div className={styles.body}>
        <main className={styles.content}>
          {(!loaded || (view.kind === 'sports' && !homeReady)) && (
            <p className={styles.muted}>{t('loading')}</p>
          )}
          {loaded && view.kind === 'sports' && homeReady && <Browse {...listProps} {...found} list={list} />}
          {loaded && view.kind === 'live' && <EventList {...listProps} live favourites={favourites} />}
          {view.kind === 'league' && (
            <LeaguePage
              {...listProps}
              {...found}
              id={view.id}
              name={view.name}
              onBack={() => setView({ kind: 'sports' })}
            />
          )}
          {view.kind === 'event' && (
            <EventPage
              id={view.id}
              event={events.get(view.id)}
              adopt={adopt}
              favourites={favourites}
              token={token}
              format={format}
              picked={picked}
              onPick={pick}
              onBack={() => setView({ kind: 'sports' })}
            />
          )}
          {view.kind === 'bets' && (
            <MyBets token={token} format={format} focusBet={focusBet} events={events} />
          )}
          {view.kind === 'rules' && (
            <Suspense fallback={<p className={styles.muted}>{t('loading')}</p>}>
              <RulesPage
                format={format}
                currency={init?.currency}
                onBack={() => setView({ kind: 'sports' })}
              />
            </Suspense>
          )}
        </main>
        {/* Closed on a phone, beside the listing on a desktop: hydrated after the first screen. */}
        <HydrateLater>
          <div className={`${styles.slipWrap} ${slipOpen ? styles.slipOpen : ''}`}>
            <BetSlip
              legs={legs}
              onLegs={setLegs}
              token={token}
              balance={balance}
              onBalance={setBalance}
              format={format}
              siteRounding={init?.rounding ?? 'down'}
            />
          </div>
        </HydrateLater>
      </div>
      <button
        type="button"
        className={styles.slipToggle}
        onClick={() => setSlipOpen((o) => !o)}
        aria-expanded={slipOpen}
        data-testid="slip-toggle"
      >
        {slipOpen ? t('slip.hide') : `${t('slip.title')} (${legs.length})`}
      </button>
    </div>
  );
}
