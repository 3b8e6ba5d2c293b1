import { useTranslation } from 'react-i18next';
import { useModal } from '../../components/ui/useModal.ts';
import { GameTile } from './GameTile.tsx';
import styles from './games.module.css';
import { useSlotGames } from './queries.ts';
import type { Launchable } from './useLaunchGame.ts';

/** A slot provider's games in a modal grid; names in Korean when the page is in Korean (SPEC §2). */
export function SlotGamesModal(props: {
  company: string | null;
  title: string;
  onClose(): void;
  onLaunch(game: Launchable): void;
}) {
  const { t, i18n } = useTranslation('home');
  const games = useSlotGames(props.company);
  const ref = useModal(Boolean(props.company));

  return (
    <dialog
      ref={ref}
      className={styles.modal}
      aria-label={props.title}
      onCancel={(e) => {
        e.preventDefault();
        props.onClose();
      }}
    >
      <header className={styles.modalHeader}>
        <h2>{props.title}</h2>
        <button type="button" className={styles.close} onClick={props.onClose} aria-label={t('common:close')}>
          ×
        </button>
      </header>
      {games.isLoading && <p className={styles.muted}>{t('common:loading')}</p>}
      <div className={styles.grid} data-testid="slot-games">
        {(games.data ?? []).map((game) => (
          <GameTile
            key={game.code}
            name={i18n.language === 'ko' ? game.nameKo : game.nameEn}
            imgUrl={game.imgUrl}
            badge={game.used === 'y' ? undefined : t('unavailable')}
            onOpen={() => props.onLaunch(game)}
          />
        ))}
      </div>
    </dialog>
  );
}
