import { useCallback, useEffect, useState } from 'react';
import type { Bet, Cursor, SportEvent, Totals } from '../../shared/contract/sports-api.ts';
import type { OddsFormat } from '../../shared/sports/odds-format.ts';
import { dayIn, nextDay, startOfDayIn } from '../../shared/zoned-time.ts';
import { DateRange } from '../components/ui/DateRange.tsx';
import { siteZone } from '../features/site/site-zone.ts';
import { sportsCall } from './api.ts';
import { BetCard } from './BetCard.tsx';
import { money, useSportsT } from './i18n.ts';
import styles from './sports.module.css';

const DAY = 86_400_000;
/** The site's zone: the member's days are its days (midnight in Bangkok), never the browser's. */
const zone = () => siteZone() ?? 'UTC';
/** YYYY-MM-DD of a moment on the site's clock, the clock the range is read back in below. */
const isoDay = (ms: number) => dayIn(ms, zone());

/**
 * My bets: open and settled, each leg's state, win/loss totals for the dates chosen (three months by
 * default, any range back), a page at a time (the book's keyset cursor), and each settled bet's proof.
 */
export function MyBets(props: {
  token: string | undefined;
  format: OddsFormat;
  focusBet?: number;
  /** The live listing: an open leg on a match in play shows its score. */
  events?: Map<number, SportEvent>;
}) {
  const t = useSportsT();
  const [from, setFrom] = useState(isoDay(Date.now() - 92 * DAY));
  const [to, setTo] = useState(isoDay(Date.now()));
  const [state, setState] = useState<'' | 'open' | 'settled'>('');
  const [bets, setBets] = useState<Bet[]>([]);
  const [totals, setTotals] = useState<Totals | null>(null);
  const [next, setNext] = useState<Cursor | null>(null);
  const [loading, setLoading] = useState(false);
  const [focused, setFocused] = useState<Bet | null>(null);

  const load = useCallback(
    async (cursor: Cursor | null) => {
      if (!props.token) return;
      setLoading(true);
      try {
        const reply = await sportsCall('bets', {
          token: props.token,
          from: (startOfDayIn(from, zone()) ?? new Date(0)).toISOString(),
          to: (startOfDayIn(nextDay(to), zone()) ?? new Date()).toISOString(),
          ...(state ? { state } : {}),
          ...(cursor ? { before: cursor } : {}),
          limit: 20,
        });
        setBets((old) => (cursor ? [...old, ...reply.bets] : reply.bets));
        // A ranged page (from and to are always sent) answers a (time, id) cursor, never a bare id.
        setNext(typeof reply.next === 'number' ? null : reply.next);
        if (reply.totals) setTotals(reply.totals);
      } catch {
        setBets((old) => (cursor ? old : []));
      } finally {
        setLoading(false);
      }
    },
    [props.token, from, to, state],
  );

  useEffect(() => {
    void load(null);
  }, [load]);

  useEffect(() => {
    if (!props.token || !props.focusBet) return;
    sportsCall('bet', { token: props.token, betId: props.focusBet })
      .then((r) => setFocused(r.bet))
      .catch(() => setFocused(null));
  }, [props.token, props.focusBet]);

  if (!props.token) return <p className={styles.muted}>{t('loginNeeded')}</p>;
  return (
    <section className={styles.myBets} aria-label={t('myBets')} data-testid="my-bets">
      {focused && (
        <div className={styles.focused}>
          <h2>{t('bets.proofOf', { id: focused.id })}</h2>
          <BetCard
            bet={focused}
            format={props.format}
            openProof
            token={props.token}
            events={props.events}
            onChanged={() => void load(null)}
          />
        </div>
      )}
      <div className={styles.filters}>
        <DateRange
          from={from}
          to={to}
          onFrom={(day) => day && setFrom(day)}
          onTo={(day) => day && setTo(day)}
          fromLabel={t('bets.from')}
          toLabel={t('bets.to')}
          placeholder={t('datePlaceholder')}
          pickLabel={t('pickDate')}
          className={styles.field}
        />
        <label className={styles.field}>
          {t('bets.state')}
          <select
            value={state}
            onChange={(e) => setState(e.target.value as typeof state)}
            data-testid="state"
          >
            <option value="">{t('bets.all')}</option>
            <option value="open">{t('bets.open')}</option>
            <option value="settled">{t('bets.settled')}</option>
          </select>
        </label>
      </div>
      {totals && (
        <dl className={styles.totals} data-testid="totals">
          <dt>{t('bets.staked')}</dt>
          <dd>{money(totals.staked)}</dd>
          <dt>{t('bets.returned')}</dt>
          <dd>{money(totals.returned)}</dd>
          <dt>{t('bets.net')}</dt>
          <dd className={totals.net >= 0 ? styles.upText : styles.downText} data-testid="net">
            {totals.net >= 0 ? '+' : '−'}
            {money(Math.abs(totals.net))}
          </dd>
          <dt>{t('bets.openStake')}</dt>
          <dd>{money(totals.openStake)}</dd>
        </dl>
      )}
      {!loading && bets.length === 0 && <p className={styles.muted}>{t('bets.none')}</p>}
      {bets.map((b) => (
        <BetCard
          key={b.id}
          bet={b}
          format={props.format}
          token={props.token}
          events={props.events}
          onChanged={() => void load(null)}
        />
      ))}
      {next && (
        <button type="button" className={styles.more} disabled={loading} onClick={() => void load(next)}>
          {t('bets.older')}
        </button>
      )}
    </section>
  );
}
