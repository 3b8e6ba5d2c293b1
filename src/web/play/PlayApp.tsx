import { useEffect, useState } from 'react';
import { type Fairness, type GameError, houseCall, type InitReply, money } from './api.ts';
import { BaccaratGame } from './baccarat/BaccaratGame.tsx';
import { FairnessPanel } from './fairness/FairnessPanel.tsx';
import { VerifyPage } from './fairness/VerifyPage.tsx';
import { labelsFor } from './labels.ts';
import styles from './play.module.css';
import { SlotGame } from './slot/SlotGame.tsx';

/** The built-in provider's game window: /play/<game>?token=…, or /play/verify. */
export function PlayApp() {
  const game = decodeURIComponent(window.location.pathname.split('/')[2] ?? '');
  const params = new URLSearchParams(window.location.search);
  const token = params.get('token') ?? '';
  const t = labelsFor(params.get('lang'));
  const [init, setInit] = useState<InitReply | null>(null);
  const [balance, setBalance] = useState(0);
  const [fairness, setFairness] = useState<Fairness | null>(null);
  const [error, setError] = useState<GameError | null>(null);
  const [showFairness, setShowFairness] = useState(false);

  useEffect(() => {
    if (game === 'verify') return;
    houseCall<InitReply>('init', { token, game })
      .then((reply) => {
        setInit(reply);
        setBalance(reply.balance);
        setFairness(reply.fairness);
        document.title = reply.game.title;
      })
      .catch((e: GameError) => setError(e));
  }, [game, token]);

  if (game === 'verify') return <VerifyPage params={params} />;
  if (!init || !fairness) {
    return (
      <main className={styles.loading}>
        {error ? (
          <p className={styles.error}>
            {error.status === 'session_expired' ? t.sessionEnded : error.message}
          </p>
        ) : (
          <p>…</p>
        )}
      </main>
    );
  }
  const onError = (e: GameError) => {
    setError(e);
    if (e.balance !== undefined) setBalance(e.balance);
  };
  const common = {
    init,
    token,
    t,
    onBalance: setBalance,
    onRound: (nonce: number) => setFairness((f) => f && { ...f, nonce }),
    onError,
  };

  return (
    <main className={`${styles.table} ${init.game.engine === 'slot' ? styles.slotTable : styles.feltTable}`}>
      <header className={styles.topBar}>
        <h1 className={styles.title}>{init.game.title}</h1>
        <div className={styles.balance}>
          <small>{t.balance}</small>
          <strong data-testid="game-balance">{money(balance)}</strong>
        </div>
        <button type="button" className={styles.ghost} onClick={() => setShowFairness(true)}>
          {t.fairness}
        </button>
      </header>
      {error && (
        <div className={styles.toast} role="alert">
          {error.status === 'balance'
            ? t.noFunds
            : error.status === 'session_expired'
              ? t.sessionEnded
              : error.message}
          <button type="button" onClick={() => setError(null)} aria-label={t.close}>
            ×
          </button>
        </div>
      )}
      {init.game.engine === 'slot' ? (
        <SlotGame {...common} />
      ) : (
        <BaccaratGame {...common} balance={balance} />
      )}
      <footer className={styles.fairLine}>
        Provably fair · seed {fairness.serverSeedHash.slice(0, 12)}… · nonce {fairness.nonce}
      </footer>
      {showFairness && (
        <FairnessPanel
          token={token}
          fairness={fairness}
          t={t}
          onChange={setFairness}
          onClose={() => setShowFairness(false)}
        />
      )}
    </main>
  );
}
