import { useTranslation } from 'react-i18next';
import { HOUSE_GAMES } from '../../../shared/games/house-games.ts';
import { Button } from '../../../ui/Button.tsx';
import { Money } from '../../components/ui/Money.tsx';
import cashier from '../cashier/cashier.module.css';
import { useLaunchGame } from '../games/useLaunchGame.ts';
import styles from './promotions.module.css';
import type { MyBonuses } from './queries.ts';

type Spins = NonNullable<NonNullable<MyBonuses['active']>['freeSpins']>;

/** The active bonus's free spins: how many are left, what they won, and the slot to play them in. */
export function FreeSpinsLeft({ spins }: { spins: Spins }) {
  const { t } = useTranslation('promotions');
  const { launch, loading } = useLaunchGame();
  const game = HOUSE_GAMES[spins.game]?.title ?? spins.game;
  return (
    <div className={styles.freeSpins} data-testid="free-spins-left" data-value={spins.left}>
      <strong translate="no">{game}</strong>
      <p className={styles.spinsLine}>{t('freeSpinsLeft', { left: spins.left, granted: spins.granted })}</p>
      <p className={cashier.balanceLine}>
        {t('freeSpinsWon')} <Money value={spins.won} />
      </p>
      {spins.left > 0 && (
        <Button
          onClick={() => launch({ code: spins.game, gameCompany: spins.company, used: 'y' })}
          disabled={loading}
          data-testid="play-free-spins"
        >
          {t('playFreeSpins')}
        </Button>
      )}
    </div>
  );
}
