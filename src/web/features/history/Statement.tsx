import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { STATEMENT_KINDS } from '../../../shared/vocabulary.ts';
import { Money } from '../../components/ui/Money.tsx';
import { useSiteZone } from '../site/site.ts';
import { HistorySection } from './HistorySection.tsx';
import styles from './history.module.css';
import { useStatement } from './queries.ts';

/** Every movement of the member's money, newest first, with its time; older pages on request. */
export function Statement() {
  const { t } = useTranslation('user');
  const zone = useSiteZone();
  const history = useStatement();
  return (
    <HistorySection
      title={t('statement')}
      testId="statement"
      kinds={STATEMENT_KINDS}
      history={history}
      empty={t('noMovements')}
    >
      {history.rows.map((line) => (
        <li key={`${line.id}-${line.account}`} className={styles.row}>
          <span className={styles.what}>
            {t(`movement.${line.kind}`, { defaultValue: line.kind })} ·{' '}
            {t(`accountKind.${line.account}`, { defaultValue: line.account })}
          </span>
          <span className={`${styles.amounts} ${line.amount < 0 ? styles.minus : styles.plus}`}>
            {line.amount > 0 ? '+' : '−'}
            <Money value={Math.abs(line.amount)} />
          </span>
          <time className={styles.when} dateTime={line.createdAt}>
            {formatDateTime(line.createdAt, zone)}
          </time>
        </li>
      ))}
    </HistorySection>
  );
}
