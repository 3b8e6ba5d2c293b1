import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, isLocale } from '../../../shared/format.ts';
import { HOUSE_STAKE_PER_HIT, type JackpotCheck, jackpotCheck } from '../../../shared/games/jackpot.ts';
import { houseCall } from '../api.ts';
import { browserHmac } from '../fairness/browserCrypto.ts';
import playStyles from '../play.module.css';
import styles from './jackpot.module.css';

interface Seeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/**
 * The verify page's jackpot check: recomputes the round's draw in the browser from its seeds and
 * nonce (shared/games/jackpot.ts) and compares it with what the game recorded. The round's stake and
 * record come from the page's own round link (?round=…&token=…); the stake can also be typed.
 */
export function JackpotVerify(props: Seeds) {
  return (
    <Suspense fallback={null}>
      <Verify {...props} />
    </Suspense>
  );
}

function Verify({ serverSeed, clientSeed, nonce }: Seeds) {
  // The game window's own i18n (play/i18n.ts) loads this namespace; nothing shows before it has.
  const { t, i18n, ready } = useTranslation('jackpot', { useSuspense: false });
  const [stake, setStake] = useState('');
  const [recorded, setRecorded] = useState<number | null>(null);
  const [check, setCheck] = useState<JackpotCheck | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const roundId = params.get('round');
    const token = params.get('token');
    if (!roundId || !token) return;
    houseCall('round', { token, roundId })
      .then(({ round }) => {
        // A round still on its way to the wallet shows no stake or draw yet.
        if (!('stake' in round)) return;
        setStake(String(round.stake));
        setRecorded(round.jackpot?.draw ?? null);
      })
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    const amount = Number(stake);
    // No stake typed yet: no draw to judge (a stake of 0 would read as "hits below 0, no jackpot").
    if (
      !serverSeed.trim() ||
      !stake ||
      !Number.isSafeInteger(amount) ||
      amount < 0 ||
      !Number.isInteger(nonce)
    ) {
      setCheck(null);
      return;
    }
    let live = true;
    const seed = { serverSeed: serverSeed.trim(), clientSeed: clientSeed.trim(), nonce };
    jackpotCheck(browserHmac, seed, amount, HOUSE_STAKE_PER_HIT).then((c) => live && setCheck(c));
    return () => {
      live = false;
    };
  }, [serverSeed, clientSeed, nonce, stake]);

  if (!ready) return null;
  const locale = isLocale(i18n.language) ? i18n.language : 'th';
  return (
    <section className={styles.verify} data-testid="jackpot-verify">
      <h2>{t('verifyTitle')}</h2>
      <label className={playStyles.field}>
        {t('verifyStake')}
        <input
          inputMode="numeric"
          value={stake}
          onChange={(e) => setStake(e.target.value.replace(/\D/g, ''))}
        />
      </label>
      {check && (
        <>
          <dl>
            <dt>{t('verifyDraw')}</dt>
            <dd>{formatNumber(check.draw, locale)}</dd>
            <dt>{t('verifyThreshold')}</dt>
            <dd>{formatNumber(check.threshold, locale)}</dd>
          </dl>
          <p className={check.hit ? styles.hit : undefined}>{check.hit ? t('verifyHit') : t('verifyMiss')}</p>
          {recorded !== null && <p>{recorded === check.draw ? t('verifyRecorded') : t('verifyDiffers')}</p>}
        </>
      )}
    </section>
  );
}
