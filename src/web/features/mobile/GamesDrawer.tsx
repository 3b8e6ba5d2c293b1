import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCasinoList, useSlotProviders, useSportEntries } from '../games/queries.ts';
import { useLaunchGame } from '../games/useLaunchGame.ts';
import { Drawer } from './Drawer.tsx';
import styles from './mobile.module.css';

/**
 * The phone's left sidebar: casino tables and the sportsbook (open directly) and slot providers (open
 * in the lobby).
 */
export function GamesDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation('home');
  const navigate = useNavigate();
  const casino = useCasinoList();
  const slot = useSlotProviders();
  const sport = useSportEntries(open);
  const { launch } = useLaunchGame();
  const name = (v: { nameKo: string; nameEn: string }) => (i18n.language === 'ko' ? v.nameKo : v.nameEn);
  return (
    <Drawer side="left" open={open} label={t('common:games')} onClose={onClose}>
      <p className={styles.section}>{t('casino')}</p>
      <ul className={styles.menu}>
        {(casino.data ?? []).map((c) => (
          <li key={c.gameCompany}>
            <button
              type="button"
              onClick={() => {
                onClose();
                void launch(c);
              }}
            >
              {name(c)}
            </button>
          </li>
        ))}
      </ul>
      <p className={styles.section}>{t('sport')}</p>
      <ul className={styles.menu}>
        {(sport.data ?? []).map((s) => (
          <li key={s.gameCompany}>
            <button
              type="button"
              data-testid="drawer-sport"
              onClick={() => {
                onClose();
                void launch(s);
              }}
            >
              {name(s)}
            </button>
          </li>
        ))}
      </ul>
      <p className={styles.section}>{t('slot')}</p>
      <ul className={styles.menu}>
        {(slot.data ?? []).map((v) => (
          <li key={v.code}>
            <button
              type="button"
              onClick={() => {
                onClose();
                navigate(`/game?provider=${encodeURIComponent(v.code)}`);
              }}
            >
              {name(v)}
            </button>
          </li>
        ))}
      </ul>
    </Drawer>
  );
}
