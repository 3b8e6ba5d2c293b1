import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format.ts';
import { Money } from '../../components/ui/Money.tsx';
import cashier from '../cashier/cashier.module.css';
import { useSiteZone } from '../site/site.ts';
import type { Bonus } from './queries.ts';

/** The member's earlier bonuses: what was granted, what became cash, and how each ended. */
export function BonusHistory({ history }: { history: Bonus[] }) {
  const { t } = useTranslation('promotions');
  const zone = useSiteZone();
  return (
    <section className={cashier.history} data-testid="bonus-history">
      <h2>{t('historyTitle')}</h2>
      {history.length === 0 ? (
        <p className={cashier.muted}>{t('noHistory')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t('date')}</th>
              <th>{t('bonus')}</th>
              <th>{t('result')}</th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      )}
    </section>
  );
}
