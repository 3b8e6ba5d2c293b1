import { useEffect, useState } from 'react';
import type { Fairness, HouseSuccess } from '../../shared/contract/house-api.ts';
import { leaveWindow } from '../windows/leave-window.ts';
import { type GameError, houseCall } from './api.ts';
import { BaccaratGame } from './baccarat/BaccaratGame.tsx';
import { BlackjackGame } from './blackjack/BlackjackGame.tsx';
import { errorText } from './errors.ts';
import { FairnessPanel } from './fairness/FairnessPanel.tsx';
import { VerifyPage } from './fairness/VerifyPage.tsx';
import { money, setPlayCurrency, usePlayT } from './i18n.ts';
import styles from './play.module.css';
import { RealityCheck } from './reality/RealityCheck.tsx';
import { RouletteGame } from './roulette/RouletteGame.tsx';
import { SlotGame } from './slot/SlotGame.tsx';
import slotStyles from './slot/slot.module.css';
import { MuteToggle } from './sound/MuteToggle.tsx';

/** Back to the lobby: the game window closes, or goes to the site's game lobby (leaveWindow). */
const backToLobby = () => leaveWindow('/game');

/** The built-in provider's game window: /play/<game>?token=…, or /play/verify. */
export function PlayApp() {
  const game = decodeURIComponent(window.location.pathname.split('/')[2] ?? '');
  const params = new URLSearchParams(window.location.search);
  const demoMode = params.get('demo') === '1';
  const [token, setToken] = useState(params.get('token') ?? '');
  const t = usePlayT();
  const [init, setInit] = useState<HouseSuccess<'init'> | null>(null);
  const [balance, setBalance] = useState(0);
  const [fairness, setFairness] = useState<Fairness | null>(null);
  const [lastRound, setLastRound] = useState<string | null>(null);
  const [error, setError] = useState<GameError | null>(null);
  const [showFairness, setShowFairness] = useState(false);

  useEffect(() => {
    if (game === 'verify' || !demoMode || token) return;
    // Demo play: one fun-money session per tab, kept across reloads.
    const kept = sessionStorage.getItem('demoToken');
    if (kept) setToken(kept);
    else
      houseCall('demo', { game })
        .then((reply) => {
          sessionStorage.setItem('demoToken', reply.token);
          setToken(reply.token);
        })
        .catch((e: GameError) => setError(e));
  }, [game, demoMode, token]);

  useEffect(() => {
    if (game === 'verify' || !token) return;
    houseCall('init', { token, game })
      .then((reply) => {
        setPlayCurrency(reply.currency);
        setInit(reply);
        setBalance(reply.balance);
        setFairness(reply.fairness);
        document.title = reply.game.title;
      })
      .catch((e: GameError) => {
        // A demo session this server no longer knows (it restarted): start a new one.
        if (demoMode && e.status === 'session_expired') {
          sessionStorage.removeItem('demoToken');
          setToken('');
        } else setError(e);
      });
  }, [game, token, demoMode]);

  if (game === 'verify') return <VerifyPage params={params} />;
  if (!init || !fairness) {
    return (
      <main className={styles.loading}>
        {error ? <p className={styles.error}>{errorText(t, error)}</p> : <p>{t('loading')}</p>}
      </main>
    );
  }
  const common = {
    init,
    token,
    balance,
    onBalance: setBalance,
    onNonce: (nonce: number) => setFairness((f) => f && { ...f, nonce }),
    onRound: (nonce: number, roundId: string) => {
      setFairness((f) => f && { ...f, nonce });
      setLastRound(roundId);
    },
    onError: (e: GameError) => {
      setError(e);
      if (e.balance !== undefined) setBalance(e.balance);
    },
  };
  const isSlot = init.game.engine === 'slot';
  const theme = isSlot ? (slotStyles[`theme-${init.game.code}`] ?? styles.slotTable) : styles.feltTable;
  const verifyHref = (roundId: string) =>
    `/play/verify?round=${roundId}&token=${encodeURIComponent(token)}&game=${encodeURIComponent(init.game.code)}`;

  return (
    <main className={`${styles.table} ${theme}`}>
      <header className={styles.topBar}>
        <h1 className={styles.title}>
          {init.game.title}
          {init.demo && (
            <span className={styles.demoBadge} data-testid="demo-badge">
              {t('demo.badge')}
            </span>
          )}
        </h1>
        <div className={styles.balance}>
          <small>{init.demo ? t('demo.balance') : t('balance')}</small>
          <strong data-testid="game-balance" data-value={balance}>
            {money(balance)}
          </strong>
        </div>
        <MuteToggle />
        <button
          type="button"
          className={styles.ghost}
          onClick={() => setShowFairness(true)}
          data-testid="game-fairness"
        >
          {t('fairness')}
        </button>
        <button
          type="button"
          className={styles.ghost}
          onClick={backToLobby}
          aria-label={t('lobby')}
          title={t('lobby')}
          data-testid="game-lobby"
        >
          <span aria-hidden="true">✕</span> <span className={styles.lobbyWord}>{t('lobby')}</span>
        </button>
      </header>
      {error && (
        <div className={styles.toast} role="alert">
          {errorText(t, error)}
          <button type="button" onClick={() => setError(null)} aria-label={t('close')}>
            ×
          </button>
        </div>
      )}
      {isSlot ? (
        <SlotGame {...common} />
      ) : init.game.engine === 'roulette' ? (
        <RouletteGame {...common} />
      ) : init.game.engine === 'blackjack' ? (
        <BlackjackGame {...common} />
      ) : (
        <BaccaratGame {...common} />
      )}
      <footer className={styles.fairLine} data-nonce={fairness.nonce}>
        {t('fairLine', { hash: fairness.serverSeedHash.slice(0, 12), nonce: fairness.nonce })}
        {lastRound && !init.demo && (
          <>
            {' · '}
            <a href={verifyHref(lastRound)} target="_blank" rel="noreferrer" data-testid="verify-last">
              {t('seeds.lastRound')}
            </a>
          </>
        )}
      </footer>
      {!init.demo && <RealityCheck where={init.game.code} />}
      {showFairness && (
        <FairnessPanel
          token={token}
          game={init.game.code}
          fairness={fairness}
          lastRound={lastRound}
          onChange={setFairness}
          onClose={() => setShowFairness(false)}
        />
      )}
    </main>
  );
}
