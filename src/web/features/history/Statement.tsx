import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STATEMENT_KINDS } from '../../../shared/contract/cashier-routes.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { Money } from '../../components/ui/Money.tsx';
import cashier from '../cashier/cashier.module.css';
import { useSiteZone } from '../site/site.ts';
import { HistoryFilters } from './HistoryFilters.tsx';
import styles from './history.module.css';
import { NO_FILTER, useStatementPages } from './queries.ts';
import { ShowOlder } from './ShowOlder.tsx';

/** Every movement of the member's money, newest first, with its time; older pages on request. */
export function Statement() {
  const { t } = useTranslation('user');
  const zone = useSiteZone();
  const [filter, setFilter] = useState(NO_FILTER);
  const pages = useStatementPages(filter);
  const lines = pages.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section className={cashier.history} aria-label={t('statement')} data-testid="statement">
      <h2>{t('statement')}</h2>
      <HistoryFilters label={t('statement')} value={filter} kinds={STATEMENT_KINDS} onChange={setFilter} />
      {pages.isSuccess && lines.length === 0 ? (
        <p className={cashier.muted}>{t('noMovements')}</p>
      ) : (
        <ul className={styles.list}>
          {lines.map((line) => (
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
        </ul>
      )}
      <ShowOlder pages={pages} />
    </section>
  );
}
