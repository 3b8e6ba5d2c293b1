import { Fragment } from 'react';
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
  // Each section's entries: a table or the sportsbook opens directly, a slot provider in the lobby.
  const launched = (
    games: (Parameters<typeof launch>[0] & { gameCompany: string; nameKo: string; nameEn: string })[] = [],
  ) => games.map((g) => ({ key: g.gameCompany, name: name(g), open: () => void launch(g) }));
  const sections = [
    { id: 'casino', entries: launched(casino.data) },
    { id: 'sport', testId: 'drawer-sport', entries: launched(sport.data) },
    {
      id: 'slot',
      entries: (slot.data ?? []).map((v) => ({
        key: v.code,
        name: name(v),
        open: () => navigate(`/game?provider=${encodeURIComponent(v.code)}`),
      })),
    },
  ];
  return (
    <Drawer side="left" open={open} label={t('common:games')} onClose={onClose}>
      {sections.map((section) => (
        <Fragment key={section.id}>
          <p className={styles.section}>{t(section.id)}</p>
          <ul className={styles.menu}>
            {section.entries.map((entry) => (
              <li key={entry.key}>
                <button
                  type="button"
                  data-testid={section.testId}
                  onClick={() => {
                    onClose();
                    entry.open();
                  }}
                >
                  {entry.name}
                </button>
              </li>
            ))}
          </ul>
        </Fragment>
      ))}
    </Drawer>
  );
}
