import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteReply } from '../../../shared/contract/routes.ts';
import { isLocale } from '../../../shared/format.ts';
import { formatMoney } from '../../../shared/money.ts';
import { callRoute } from '../../api/client.ts';
import { useCurrency } from '../site/site.ts';
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

/** The lobby's rails and the wins ticker as the page opens; the ticker then follows the live stream. */
export function useLobbyRails() {
  return useQuery({ queryKey: ['lobby-rails'], queryFn: () => callRoute('get-game-rails', {}) });
}

type Win = RouteReply<'get-game-rails'>['wins'][number];

/**
 * The site's recent wins, pushed over Server-Sent Events (/api/live/wins) as rounds pay: the stream
 * sends the list at once and again whenever it changes (EventSource reconnects by itself). Until
 * something arrives, the rails' own list shows.
 */
export function useLiveWins(initial: Win[] | undefined): Win[] {
  const [pushed, setPushed] = useState<Win[] | null>(null);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/live/wins');
    source.addEventListener('wins', (event) => {
      setPushed((JSON.parse((event as MessageEvent<string>).data) as { wins: Win[] }).wins);
    });
    return () => source.close();
  }, []);
  return pushed ?? initial ?? [];
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

/** The latest wins from real rounds of the site: the game, the amount in its money, the member's nick masked. */
export function WinsTicker({ wins }: { wins: Win[] }) {
  const { t, i18n } = useTranslation('home');
  const currency = useCurrency();
  const locale = isLocale(i18n.language) ? i18n.language : 'th';
  // Amounts are in the site's money: shown once the page knows which that is.
  if (wins.length === 0 || !currency) return null;
  return (
    <section className={styles.ticker} aria-label={t('recentWins')} data-testid="wins-ticker">
      <strong className={styles.tickerTitle}>{t('recentWins')}</strong>
      <ul className={styles.tickerList}>
        {wins.map((w) => (
          <li key={`${w.at}/${w.code}/${w.nick}/${w.amount}`}>
            {t('winLine', {
              nick: w.nick,
              amount: formatMoney(w.amount, currency, locale),
              game: i18n.language === 'ko' ? w.nameKo : w.nameEn,
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
