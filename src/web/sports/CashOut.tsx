import { useEffect, useState } from 'react';
import type { Bet, SportsAnswer } from '../../shared/contract/sports-api.ts';
import { amountInputMode, amountMinor, amountText, cleanAmountText } from '../components/ui/amount-input.ts';
import { sportsCall } from './api.ts';
import styles from './cashout.module.css';
import { money, playerCurrency, useSportsT } from './i18n.ts';

type Offer = Extract<SportsAnswer<'cashoutOffer'>, { status: 'success' }>;

const wait = (ms: number) => new Promise((done) => window.setTimeout(done, Math.max(0, ms)));

/** Seconds left until `iso`, ticking. */
function useSecondsLeft(iso: string | undefined): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [iso]);
  return iso ? Math.max(0, Math.ceil((new Date(iso).getTime() - now) / 1000)) : 0;
}

/**
 * An open single's or multiple's cash-out (docs/sportsbook.md, "Cash-out"): the book's offer with its
 * expiry, the whole stake or a part of it, and the automatic cash-out amount. The book prices and
 * decides everything; the panel shows its answer and its refusals.
 */
export function CashOut({ bet, token, onDone }: { bet: Bet; token: string; onDone: () => void }) {
  const t = useSportsT();
  const [offer, setOffer] = useState<Offer | null>(null);
  const [part, setPart] = useState(bet.totalStake);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const currency = playerCurrency();
  // Typed in major units of the player's currency, as the amounts around it read (amountInput.ts).
  const [auto, setAuto] = useState(bet.autoCashoutAt ? amountText(bet.autoCashoutAt, currency) : '');
  // The automatic cash-out the book holds: said in words under the field, so Set and Clear show
  // what they did (the bet in the list is only read again later).
  const [autoAt, setAutoAt] = useState<number | null>(bet.autoCashoutAt ?? null);
  const [autoCleared, setAutoCleared] = useState(false);
  const left = useSecondsLeft(offer?.expiresAt);
  const share = offer ? Math.floor((offer.amount * part) / offer.stake) : 0;

  const ask = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await sportsCall('cashoutOffer', { token, betId: bet.id });
      if (answer.status === 'success') {
        setOffer(answer);
        setPart(answer.stake);
      } else setMessage(t(`cashout.refusal.${answer.refusal}`));
    } catch {
      setMessage(t('cashout.refusal.not_available'));
    } finally {
      setBusy(false);
    }
  };
  const take = async () => {
    if (!offer) return;
    setBusy(true);
    setMessage(null);
    try {
      const send = () =>
        sportsCall('cashout', {
          token,
          betId: bet.id,
          offerId: offer.offerId,
          ...(part < offer.stake ? { part } : {}),
        });
      let answer = await send();
      // A leg in play: the book waits its bet delay, then the same call decides.
      for (let tries = 0; answer.status === 'delayed' && tries < 20; tries++) {
        setWaiting(true);
        await wait(new Date(answer.acceptAt).getTime() - Date.now() + 150);
        answer = await send();
      }
      setOffer(null);
      if (answer.status === 'success') {
        setDone(
          answer.bet === 'cashed_out'
            ? t('cashout.done', { amount: money(answer.paid) })
            : t('cashout.partDone', { amount: money(answer.paid), stake: money(answer.stake) }),
        );
        onDone();
      } else if (answer.status === 'refused') setMessage(t(`cashout.refusal.${answer.refusal}`));
      else setMessage(t('cashout.refusal.not_available'));
    } catch {
      setMessage(t('cashout.refusal.not_available'));
    } finally {
      setWaiting(false);
      setBusy(false);
    }
  };
  const saveAuto = async (at: number | null) => {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await sportsCall('cashoutAuto', { token, betId: bet.id, at });
      if (answer.status === 'success') {
        setAuto(answer.autoCashoutAt ? amountText(answer.autoCashoutAt, currency) : '');
        setAutoAt(answer.autoCashoutAt);
        setAutoCleared(answer.autoCashoutAt === null);
      } else setMessage(t(`cashout.refusal.${answer.refusal}`));
    } catch {
      setMessage(t('cashout.refusal.not_available'));
    } finally {
      setBusy(false);
    }
  };
  const expired = offer !== null && left === 0;

  return (
    <div className={styles.panel} data-testid="cashout">
      {done && (
        <p className={styles.done} role="status" data-testid="cashout-done">
          {done}
        </p>
      )}
      {!offer && (
        <button
          type="button"
          className={styles.button}
          disabled={busy}
          onClick={() => void ask()}
          data-testid="cashout-ask"
        >
          {t('cashout.button')}
        </button>
      )}
      {offer && (
        <>
          <div className={styles.offer}>
            <span>
              {t('cashout.offer')}{' '}
              <span className={styles.amount} data-testid="cashout-amount">
                {money(share)}
              </span>
            </span>
            <small className={styles.note} data-testid="cashout-expiry">
              {expired ? t('cashout.expired') : t('cashout.expires', { s: left })}
            </small>
          </div>
          <label className={styles.note}>
            {t('cashout.part', { stake: money(part), total: money(offer.stake) })}
            <input
              className={styles.part}
              type="range"
              min={Math.min(100, offer.stake)}
              max={offer.stake}
              step={Math.max(1, Math.floor(offer.stake / 100))}
              value={part}
              onChange={(e) => setPart(Number(e.target.value))}
              data-testid="cashout-part"
            />
          </label>
          <div className={styles.row}>
            {expired ? (
              <button type="button" className={styles.button} disabled={busy} onClick={() => void ask()}>
                {t('cashout.refresh')}
              </button>
            ) : (
              <button
                type="button"
                className={styles.button}
                disabled={busy}
                onClick={() => void take()}
                data-testid="cashout-confirm"
              >
                {t('cashout.confirm', { amount: money(share) })}
              </button>
            )}
            <button type="button" className={styles.secondary} onClick={() => setOffer(null)}>
              {t('cashout.cancel')}
            </button>
          </div>
        </>
      )}
      {waiting && (
        <p className={styles.note} role="status" data-testid="cashout-waiting">
          {t('cashout.waiting')}
        </p>
      )}
      {message && (
        <p className={styles.note} role="alert" data-testid="cashout-refusal">
          {message}
        </p>
      )}
      <div className={styles.row}>
        <label className={styles.note}>
          {t('cashout.auto')}
          <br />
          <input
            inputMode={amountInputMode(currency)}
            value={auto}
            onChange={(e) => setAuto(cleanAmountText(e.target.value, currency))}
            data-testid="cashout-auto"
          />
        </label>
        <button
          type="button"
          className={styles.secondary}
          disabled={busy || amountMinor(auto, currency) <= 0}
          onClick={() => void saveAuto(amountMinor(auto, currency))}
        >
          {t('cashout.autoSet')}
        </button>
        {autoAt !== null && (
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            onClick={() => void saveAuto(null)}
          >
            {t('cashout.autoClear')}
          </button>
        )}
      </div>
      {(autoAt !== null || autoCleared) && (
        <p className={styles.note} role="status" data-testid="cashout-auto-state">
          {autoAt !== null ? t('cashout.autoOn', { amount: money(autoAt) }) : t('cashout.autoOff')}
        </p>
      )}
    </div>
  );
}
