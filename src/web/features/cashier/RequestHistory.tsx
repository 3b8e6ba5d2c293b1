import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format.ts';
import { Money } from '../../components/ui/Money.tsx';
import styles from './cashier.module.css';
import { type Kind, useHideRequest, useRequestList } from './queries.ts';
import { StatusBadge } from './StatusBadge.tsx';

/** The member's last requests with the product's status labels; finished ones can be removed. */
export function RequestHistory({ kind }: { kind: Kind }) {
  const { t } = useTranslation('cashier');
  const list = useRequestList(kind);
  const hide = useHideRequest(kind);
  const rows = list.data?.list ?? [];
  return (
    <section className={styles.history}>
      <h2>{t('history')}</h2>
      {rows.length === 0 ? (
        <p className={styles.muted}>{t('noHistory')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t('date')}</th>
              <th>{t('amountShort')}</th>
              <th>{t('status')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const finished = row.status === 'already' || row.status === 'cansel';
              return (
                <tr key={row.id} data-testid={`request-${row.id}`}>
                  <td>{formatDate(row.createdAt)}</td>
                  <td>
                    <Money value={row.amount} />
                  </td>
                  <td>
                    <StatusBadge status={row.status} />
                  </td>
                  <td>
                    {finished && (
                      <button type="button" className={styles.remove} onClick={() => hide.mutate(row.id)}>
                        {t('remove')}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
