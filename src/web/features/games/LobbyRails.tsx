import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatNumber, type Locale } from '../../../shared/format.ts';
import { callRoute } from '../../api/client.ts';
import { GameTile } from './GameTile.tsx';
import styles from './LobbyRails.module.css';

interface RailGame {
  code: string;
  gameCompany: string;
  nameKo: string;
  nameEn: string;
  imgUrl: string;
  used: string;
  maintenance: boolean;
}

/** The lobby's rails and the wins ticker, refreshed while the page is open. */
export function useLobbyRails() {
  return useQuery({
    queryKey: ['lobby-rails'],
    queryFn: () => callRoute('get-game-rails', {}),
    refetchInterval: 15_000,
  });
}

/** A row of tiles that scrolls sideways: "popular" or "new". */
export function Rail(props: {
  title: string;
  testId: string;
  games: RailGame[];
  name(g: RailGame): string;
  badge(g: RailGame): string | undefined;
  onOpen(g: RailGame): void;
}) {
  if (props.games.length === 0) return null;
  return (
    <section className={styles.rail} data-testid={props.testId}>
      <h2 className={styles.railTitle}>{props.title}</h2>
      <div className={styles.railTiles}>
        {props.games.map((g) => (
          <div key={`${g.gameCompany}/${g.code}`} className={styles.railTile} data-code={g.code}>
            <GameTile
              name={props.name(g)}
              imgUrl={g.imgUrl}
              badge={props.badge(g)}
              onOpen={() => props.onOpen(g)}
            />
          </div>
        ))}
      </div>
    </section>
  );
}

/** The latest wins from real rounds: the game, the amount, the member's nick masked. */
export function WinsTicker({
  wins,
}: {
  wins: { code: string; nameKo: string; nameEn: string; nick: string; amount: number; at: string }[];
}) {
  const { t, i18n } = useTranslation('home');
  if (wins.length === 0) return null;
  return (
    <section className={styles.ticker} aria-label={t('recentWins')} data-testid="wins-ticker">
      <strong className={styles.tickerTitle}>{t('recentWins')}</strong>
      <ul className={styles.tickerList}>
        {wins.map((w) => (
          <li key={`${w.at}/${w.code}/${w.nick}/${w.amount}`}>
            {t('winLine', {
              nick: w.nick,
              amount: formatNumber(w.amount, i18n.language as Locale),
              game: i18n.language === 'ko' ? w.nameKo : w.nameEn,
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
