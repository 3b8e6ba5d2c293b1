import { useTranslation } from 'react-i18next';
import type { RouteReply } from '../../../shared/contract/routes.ts';
import { Money } from '../../components/ui/Money.tsx';
import styles from './history.module.css';

type BetLine = RouteReply<'get-slot-bets-list'>['list'][number];

/**
 * A round's amounts as the member reads them: settled, stake → what it returned (0 when lost); open,
 * stake → its potential return where known, marked open; void, its stake returned.
 */
export function BetOutcome({ bet }: { bet: BetLine }) {
  const { t } = useTranslation('user');
  if (bet.status === 'cancelled') {
    return <span className={styles.state}>{t('betState.void')}</span>;
  }
  if (bet.status === 'open') {
    const potential = bet.potentialReturn;
    return (
      <>
        <Money value={bet.stake} />
        {potential !== null && (
          <>
            {' → '}
            <Money value={potential} />
          </>
        )}
        <span className={styles.state}>
          {t(potential === null ? 'betState.open' : 'betState.openReturn')}
        </span>
      </>
    );
  }
  return (
    <>
      <Money value={bet.stake} /> → <Money value={bet.win} />
    </>
  );
}
