import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HouseRules } from '../../../shared/contract/sports-api.ts';
import type { OddsFormat } from '../../../shared/sports/odds-format.ts';
import { sportsCall } from '../api.ts';
import { useSportsT } from '../i18n.ts';
import sportsStyles from '../sports.module.css';
import { RuleSections } from './RuleSections.tsx';
import styles from './rules.module.css';
import { SettingsNow } from './SettingsNow.tsx';

/**
 * The house rules, published: what the book does, citing its settings as the server has them now
 * (read afresh each time the page opens). Its words are a namespace of their own, loaded with it.
 */
export function RulesPage(props: {
  format: OddsFormat;
  /** The member's currency, as the window's init answered it. */
  currency?: string;
  onBack(): void;
}) {
  const t = useSportsT();
  const { t: r, ready } = useTranslation('sportsRules');
  const [rules, setRules] = useState<HouseRules | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    sportsCall('rules', props.currency ? { currency: props.currency } : {}).then(
      (reply) => setRules(reply.rules),
      () => setFailed(true),
    );
  }, [props.currency]);
  useEffect(load, [load]);
  // The book applies its figures (limits, rounding) to the member's bets in the member's own minor units,
  // as the slip's max button does: they read in the member's currency (THB on a Thai site) once the
  // window's init has answered; the install's currency only without a session.
  const shown = rules && { ...rules, currency: props.currency ?? rules.currency };

  return (
    <article className={styles.rules} data-testid="rules" aria-labelledby="rules-title">
      <button type="button" className={`${sportsStyles.back} ${styles.back}`} onClick={props.onBack}>
        ← {t('back')}
      </button>
      {!ready ? (
        <p className={sportsStyles.muted}>{t('loading')}</p>
      ) : (
        <>
          <h2 id="rules-title" className={styles.title}>
            {r('title')}
          </h2>
          <p className={styles.intro}>{r('intro')}</p>
          {failed && (
            <p className={sportsStyles.refusal} role="alert">
              {r('failed')}{' '}
              <button type="button" className={sportsStyles.linkButton} onClick={load}>
                {r('retry')}
              </button>
            </p>
          )}
          {!shown && !failed && <p className={sportsStyles.muted}>{r('loading')}</p>}
          {shown && (
            <>
              <SettingsNow rules={shown} />
              <RuleSections rules={shown} format={props.format} />
            </>
          )}
        </>
      )}
    </article>
  );
}
