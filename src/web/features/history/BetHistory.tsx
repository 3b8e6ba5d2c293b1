import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BET_KINDS } from '../../../shared/contract/games-routes.ts';
import { formatDateTime } from '../../../shared/format.ts';
import cashier from '../cashier/cashier.module.css';
import { useSiteZone } from '../site/site.ts';
import { BetOutcome } from './BetOutcome.tsx';
import { HistoryFilters } from './HistoryFilters.tsx';
import styles from './history.module.css';
import { NO_FILTER, useBetPages } from './queries.ts';
import { ShowOlder } from './ShowOlder.tsx';

/** The member's rounds, newest first, with their time; a built-in game's round links to its verify page. */
export function BetHistory() {
  const { t, i18n } = useTranslation('user');
  const zone = useSiteZone();
  const [filter, setFilter] = useState(NO_FILTER);
  const pages = useBetPages(filter);
  const bets = pages.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section className={cashier.history} aria-label={t('bets')} data-testid="bets">
      <h2>{t('bets')}</h2>
      <HistoryFilters label={t('bets')} value={filter} kinds={BET_KINDS} onChange={setFilter} />
      {pages.isSuccess && bets.length === 0 ? (
        <p className={cashier.muted}>{t('noBets')}</p>
      ) : (
        <ul className={styles.list}>
          {bets.map((bet) => (
            <li key={bet.roundId} className={styles.row} data-testid="bet-row" data-status={bet.status}>
              <span className={styles.what} translate="no">
                {i18n.language === 'ko' ? bet.gameNameKo : bet.gameNameEn}
              </span>
              <span className={styles.amounts}>
                <BetOutcome bet={bet} />
              </span>
              <span className={styles.when}>
                <time dateTime={bet.openedAt}>{formatDateTime(bet.openedAt, zone)}</time>
                {bet.verifyUrl && (
                  <>
                    {' · '}
                    <a className={styles.verify} href={bet.verifyUrl} target="_blank" rel="noopener">
                      {t('verify')}
                    </a>
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <ShowOlder pages={pages} />
    </section>
  );
}
