import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format.ts';
import { Money } from '../../components/ui/Money.tsx';
import { HistoryTable } from '../cashier/HistoryTable.tsx';
import { useSiteZone } from '../site/site.ts';
import type { Bonus } from './queries.ts';

/** The member's earlier bonuses: what was granted, what became cash, and how each ended. */
export function BonusHistory({ history }: { history: Bonus[] }) {
  const { t } = useTranslation('promotions');
  const zone = useSiteZone();
  return (
    <HistoryTable
      title={t('historyTitle')}
      testId="bonus-history"
      columns={[t('date'), t('bonus'), t('result')]}
      empty={history.length === 0 ? t('noHistory') : null}
    >
      {history.map((b) => (
        <tr key={b.id} data-testid={`bonus-${b.id}`}>
          <td>{formatDate(b.grantedAt, zone)}</td>
          <td>
            <span translate="no">{b.name}</span>
            <br />
            <Money value={b.amount} />
          </td>
          <td>
            {t(`status.${b.status}`)}
            {b.status === 'converted' && (
              <>
                <br />
                <Money value={b.converted} />
              </>
            )}
          </td>
        </tr>
      ))}
    </HistoryTable>
  );
}
