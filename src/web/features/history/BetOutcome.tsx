import { useTranslation } from 'react-i18next';
import type { RouteReply } from '../../../shared/contract/routes.ts';
import { Money } from '../../components/ui/Money.tsx';
import styles from './history.module.css';

type BetLine = RouteReply<'get-slot-bets-list'>['list'][number];

/** A round's state in words ("Open · potential return"), wrapping only between its parts. */
function StateLabel({ parts }: { parts: [string, string] }) {
  return (
    <span className={styles.state}>
      <span>
        {parts[0]}
        {'\u00a0·'}
      </span>{' '}
      <span>{parts[1]}</span>
    </span>
  );
}

/**
 * A round's amounts as the member reads them: settled, stake → what it returned (0 when lost); open,
 * stake → its potential return where known, marked open; void, its stake returned.
 */
export function BetOutcome({ bet }: { bet: BetLine }) {
  const { t } = useTranslation('user');
  if (bet.status === 'cancelled') {
    return <StateLabel parts={[t('betState.void'), t('betState.stakeReturned')]} />;
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
        <StateLabel
          parts={[
            t('betState.open'),
            t(potential === null ? 'betState.awaitingResult' : 'betState.potentialReturn'),
          ]}
        />
      </>
    );
  }
  return (
    <>
      <Money value={bet.stake} /> → <Money value={bet.win} />
    </>
  );
}
