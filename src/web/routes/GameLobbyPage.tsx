import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TabStrip } from '../../ui/TabStrip.tsx';
import { callRoute } from '../api/client.ts';
import { GameLoadingDialog } from '../features/games/GameLoadingDialog.tsx';
import { GameTile } from '../features/games/GameTile.tsx';
import games from '../features/games/games.module.css';
import { Rail, useLiveWins, useLobbyRails, WinsTicker } from '../features/games/LobbyRails.tsx';
import { CATEGORIES, type Category, inCategory, isNew } from '../features/games/lobbyCategory.ts';
import {
  favourites,
  gameKey,
  recentlyPlayed,
  rememberPlayed,
  toggleFavourite,
} from '../features/games/lobbyMemory.ts';
import { useCasinoList, useSlotProviders, useSportVendors } from '../features/games/queries.ts';
import { hasDemo, useLaunchGame } from '../features/games/useLaunchGame.ts';
import styles from './GameLobbyPage.module.css';

const FILTERS = ['all', 'favourites', 'recent'] as const;
type Filter = (typeof FILTERS)[number];

/** Every enabled game, with search, a provider filter, favourites and recently played. */
export function GameLobbyPage() {
  const { t, i18n } = useTranslation('home');
  const list = useQuery({
    queryKey: ['lobby'],
    queryFn: async () => (await callRoute('get-game-list', {})).games,
  });
  const { launch, launchDemo, loading } = useLaunchGame();
  const [search, setSearch] = useState('');
  const [params] = useSearchParams();
  const [provider, setProvider] = useState(params.get('provider') ?? '');
  const [filter, setFilter] = useState<Filter>('all');
  const [category, setCategory] = useState<Category>((params.get('category') as Category) ?? 'all');
  const rails = useLobbyRails();
  const wins = useLiveWins(rails.data?.wins);
  const [liked, setLiked] = useState(favourites);
  const all = list.data ?? [];
  const providers = [...new Set(all.map((g) => g.gameCompany))];
  const casino = useCasinoList();
  const slot = useSlotProviders();
  const sport = useSportVendors();
  const vendorOf = (code: string) =>
    [
      ...(slot.data ?? []),
      ...(sport.data ?? []),
      ...(casino.data ?? []).map((c) => ({ ...c, code: c.gameCompany })),
    ].find((v) => v.code === code);
  const name = (g: { nameKo: string; nameEn: string }) => (i18n.language === 'ko' ? g.nameKo : g.nameEn);
  /** What keeps a game from being played now, on its tile before the click. */
  const badge = (g: { used: string; maintenance: boolean }) =>
    g.used !== 'y' ? t('unavailable') : g.maintenance ? t('maintenance') : undefined;
  const open = (g: (typeof all)[number]) => {
    rememberPlayed(gameKey(g));
    void launch(g);
  };
  const byKey = new Map(all.map((g) => [gameKey(g), g]));
  const popular = (rails.data?.popular ?? []).flatMap((p) => byKey.get(gameKey(p)) ?? []);
  const fresh = all.filter((g) => isNew(g)).sort((a, b) => b.releasedOn.localeCompare(a.releasedOn));
  const showRails = !search.trim() && !provider && filter === 'all' && category === 'all';

  const shown = useMemo(() => {
    const recent = recentlyPlayed();
    const needle = search.trim().toLowerCase();
    let rows = all.filter(
      (g) =>
        (!provider || g.gameCompany === provider) &&
        inCategory(g, category) &&
        (!needle || g.nameEn.toLowerCase().includes(needle) || g.nameKo.includes(needle)),
    );
    if (filter === 'favourites') rows = rows.filter((g) => liked.includes(gameKey(g)));
    if (filter === 'recent') {
      rows = rows
        .filter((g) => recent.includes(gameKey(g)))
        .sort((a, b) => recent.indexOf(gameKey(a)) - recent.indexOf(gameKey(b)));
    }
    return rows;
  }, [all, search, provider, filter, liked, category]);

  return (
    <div className={styles.lobby}>
      <div className={styles.bar}>
        <input
          className={styles.search}
          type="search"
          placeholder={t('search')}
          aria-label={t('search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <select
          className={styles.select}
          aria-label={t('provider')}
          value={provider}
          onChange={(e) => setProvider(e.target.value)}
        >
          <option value="">{t('allProviders')}</option>
          {/* A provider is offered once its name is known (never its bare code). */}
          {providers.map((p) => {
            const vendor = vendorOf(p);
            return vendor ? (
              <option key={p} value={p}>
                {name(vendor)}
              </option>
            ) : null;
          })}
        </select>
      </div>
      <TabStrip<Category>
        ariaLabel={t('categories')}
        tabs={CATEGORIES}
        selected={category}
        onSelect={setCategory}
        label={(c) => t(`category.${c}`)}
        testId={(c) => `category-${c}`}
        className={styles.filters}
        tabClass={() => styles.filter}
      />
      {showRails && (
        <>
          {[
            { title: t('popular'), testId: 'popular-rail', games: popular },
            { title: t('newGames'), testId: 'new-rail', games: fresh },
          ].map((rail) => (
            <Rail key={rail.testId} {...rail} name={name} badge={badge} onOpen={open} />
          ))}
          <WinsTicker wins={wins} />
        </>
      )}
      <TabStrip<Filter>
        tabs={FILTERS}
        selected={filter}
        onSelect={setFilter}
        label={(f) => t(`filter.${f}`)}
        className={styles.filters}
        tabClass={() => styles.filter}
      />
      {shown.length === 0 && <p className={games.muted}>{t('noGames')}</p>}
      <div className={styles.grid}>
        {shown.map((g) => {
          const key = gameKey(g);
          return (
            <div key={key} className={styles.cell}>
              <GameTile name={name(g)} imgUrl={g.imgUrl} badge={badge(g)} onOpen={() => open(g)} />
              <button
                type="button"
                className={styles.star}
                aria-pressed={liked.includes(key)}
                aria-label={t('favourite')}
                onClick={() => setLiked(toggleFavourite(key))}
              >
                {liked.includes(key) ? '★' : '☆'}
              </button>
              {hasDemo(g) && g.used === 'y' && !g.maintenance && (
                <button
                  type="button"
                  className={styles.demo}
                  onClick={() => void launchDemo(g)}
                  data-testid={`demo-${g.code}`}
                >
                  {t('demo')}
                </button>
              )}
            </div>
          );
        })}
      </div>
      <GameLoadingDialog open={loading} />
    </div>
  );
}
