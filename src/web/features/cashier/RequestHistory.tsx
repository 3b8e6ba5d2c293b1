import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format.ts';
import { Money } from '../../components/ui/Money.tsx';
import { useSiteZone } from '../site/site.ts';
import styles from './cashier.module.css';
import { HistoryTable } from './HistoryTable.tsx';
import { type Kind, useHideRequest, useRequestList } from './queries.ts';
import { RequestActions } from './RequestActions.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/**
 * The member's last requests with the product's status labels. A pending one can be cancelled (and a
 * card or coin payment still open resumed); a refused one shows the operator's reason; finished ones
 * can be removed. A row's actions sit under its status: as a fourth column, on a 360 px phone they
 * squeezed the date over two lines and the status badge over three. A deposit its payment provider
 * reversed shows as reversed, with the day and what of it the member still owes (its status word stays
 * `already`, SPEC §2: the reply's `reversal` says so).
 */
export function RequestHistory({ kind }: { kind: Kind }) {
  const { t } = useTranslation('cashier');
  const zone = useSiteZone();
  const list = useRequestList(kind);
  const hide = useHideRequest(kind);
  const rows = list.data?.list ?? [];
  return (
    <HistoryTable
      title={t('history')}
      columns={[t('date'), t('amountShort'), t('status')]}
      empty={rows.length === 0 ? t('noHistory') : null}
    >
      {rows.map((row) => {
        const finished = row.status === 'already' || row.status === 'cansel';
        return (
          <tr key={row.id} data-testid={`request-${row.id}`}>
            <td>{formatDate(row.createdAt, zone)}</td>
            <td>
              <Money value={row.amount} />
            </td>
            <td>
              {row.reversal ? <StatusBadge status="reversed" /> : <StatusBadge status={row.status} />}
              {row.reversal && (
                <span className={styles.why} data-testid="reversal">
                  {t('reversedOn', { date: formatDate(row.reversal.at, zone) })}
                  {row.reversal.amount < row.amount && (
                    <>
                      {' · '}
                      {t('reversedPart')}: <Money value={row.reversal.amount} />
                    </>
                  )}
                  {row.reversal.owed > 0 && (
                    <>
                      {' · '}
                      {t('reversedOwed')}: <Money value={row.reversal.owed} />
                    </>
                  )}
                </span>
              )}
              {row.cancelledBy && row.cancelledBy !== 'operator' && (
                <span className={styles.why}>{t(`cancelledBy.${row.cancelledBy}`)}</span>
              )}
              {row.reason && (
                <span className={styles.why} data-testid="refusal-reason">
                  {t('reasonLabel')}: <span translate="no">{row.reason}</span>
                </span>
              )}
              <div className={styles.rowFoot}>
                {finished ? (
                  <button type="button" className={styles.remove} onClick={() => hide.mutate(row.id)}>
                    {t('remove')}
                  </button>
                ) : (
                  <RequestActions kind={kind} id={row.id} resumable={row.resumable} />
                )}
              </div>
            </td>
          </tr>
        );
      })}
    </HistoryTable>
  );
}
