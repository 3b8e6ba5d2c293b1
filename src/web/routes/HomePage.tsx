import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabStrip } from '../../ui/TabStrip.tsx';
import { HydrateLater } from '../components/HydrateLater.tsx';
import { JackpotBanner } from '../features/content/JackpotBanner.tsx';
import { LatestList } from '../features/content/LatestList.tsx';
import { useLatestHelp, useLatestNotices } from '../features/content/queries.ts';
import { GameLoadingDialog } from '../features/games/GameLoadingDialog.tsx';
import { GameTile } from '../features/games/GameTile.tsx';
import { useCasinoList, useGameList, useSlotProviders, useSportEntries } from '../features/games/queries.ts';
import { SlotGamesModal } from '../features/games/SlotGamesModal.tsx';
import { useLaunchGame } from '../features/games/useLaunchGame.ts';
import { useSession } from '../features/session/queries.ts';
import styles from './HomePage.module.css';

const TABS = ['casino', 'slot', 'sport'] as const;
type Tab = (typeof TABS)[number];
/** Tiles a 360-px phone shows without scrolling (two rows of two). */
const ABOVE_THE_FOLD = 4;

export function HomePage() {
  const { t, i18n } = useTranslation('home');
  const [tab, setTab] = useState<Tab>('casino');
  const [provider, setProvider] = useState<{ code: string; name: string } | null>(null);
  const casino = useCasinoList();
  const slot = useSlotProviders();
  const sport = useSportEntries(tab === 'sport');
  const slotGames = (useGameList(tab === 'slot').data ?? []).filter((g) => g.category === 'slot');
  const session = useSession();
  const notices = useLatestNotices();
  const help = useLatestHelp(Boolean(session.data));
  const { launch, loading } = useLaunchGame();
  const nameOf = (v: { nameKo: string; nameEn: string }) => (i18n.language === 'ko' ? v.nameKo : v.nameEn);
  const badgeOf = (v: { used: string; maintenance: boolean }) =>
    v.used !== 'y' ? t('unavailable') : v.maintenance ? t('maintenance') : undefined;

  return (
    <div className={styles.home}>
      <JackpotBanner />
      {/* The tabs hydrate in a turn of their own, after the header and the banner (JackpotBanner). */}
      <HydrateLater>
        <TabStrip<Tab>
          tabs={TABS}
          selected={tab}
          onSelect={setTab}
          label={(name) => t(name)}
          className={styles.tabs}
          tabClass={(_, chosen) => (chosen ? styles.tabActive : styles.tab)}
        />
      </HydrateLater>
      {/* The tiles hydrate in a turn of their own, after the banner and the tabs (their markup shows meanwhile). */}
      <HydrateLater>
        <div className={styles.grid} role="tabpanel" data-testid={`${tab}-tiles`}>
          {tab !== 'slot'
            ? ((tab === 'casino' ? casino.data : sport.data) ?? []).map((entry, i) => (
                <GameTile
                  key={entry.gameCompany}
                  priority={i < ABOVE_THE_FOLD}
                  name={nameOf(entry)}
                  imgUrl={entry.imgUrl}
                  badge={badgeOf(entry)}
                  onOpen={() => launch(entry)}
                />
              ))
            : [
                // The slot providers (SPEC §2: a provider opens its games in a modal), then every slot game
                // with its own art, each opened from its tile (a guest's built-in slot in demo).
                <nav key="providers" className={styles.providers} aria-label={t('slotProviders')}>
                  {(slot.data ?? []).map((vendor) => (
                    <button
                      key={vendor.code}
                      type="button"
                      className={styles.provider}
                      onClick={() => setProvider({ code: vendor.code, name: nameOf(vendor) })}
                    >
                      {nameOf(vendor)}
                      {badgeOf(vendor) && <small> · {badgeOf(vendor)}</small>}
                    </button>
                  ))}
                </nav>,
                ...slotGames.map((game, i) => (
                  <GameTile
                    key={`${game.gameCompany}/${game.code}`}
                    priority={i < ABOVE_THE_FOLD}
                    name={nameOf(game)}
                    imgUrl={game.imgUrl}
                    badge={badgeOf(game)}
                    onOpen={() => launch(game)}
                  />
                )),
              ]}
        </div>
      </HydrateLater>
      {/* Below the tiles, or closed: hydrated after what the first screen shows. */}
      <HydrateLater>
        <div className={styles.lists}>
          <LatestList title={t('latestNotices')} items={notices.data ?? []} empty={t('noNotices')} />
          {session.data && <LatestList title={t('latestHelp')} items={help.data ?? []} empty={t('noHelp')} />}
        </div>
      </HydrateLater>
      <HydrateLater>
        <SlotGamesModal
          company={provider?.code ?? null}
          title={provider?.name ?? ''}
          onClose={() => setProvider(null)}
          onLaunch={(game) => launch(game)}
        />
      </HydrateLater>
      <HydrateLater>
        <GameLoadingDialog open={loading} />
      </HydrateLater>
    </div>
  );
}
