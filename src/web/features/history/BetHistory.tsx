import { useTranslation } from 'react-i18next';
import { BET_KINDS } from '../../../shared/contract/games-routes.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useSiteZone } from '../site/site.ts';
import { BetOutcome } from './BetOutcome.tsx';
import { HistorySection } from './HistorySection.tsx';
import styles from './history.module.css';
import { useBets } from './queries.ts';

/** The member's rounds, newest first, with their time; a built-in game's round links to its verify page. */
export function BetHistory() {
  const { t, i18n } = useTranslation('user');
  const zone = useSiteZone();
  const history = useBets();
  return (
    <HistorySection title={t('bets')} testId="bets" kinds={BET_KINDS} history={history} empty={t('noBets')}>
      {history.rows.map((bet) => (
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
    </HistorySection>
  );
}
