import { useState } from 'react';
import { type Fairness, GameError, houseCall } from '../api.ts';
import type { LabelKey } from '../labels.ts';
import styles from '../play.module.css';

interface Revealed {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  rounds: number;
}

/** Shows the committed seed hash, lets the player set a client seed, and reveals the old server seed. */
export function FairnessPanel(props: {
  token: string;
  fairness: Fairness;
  t: Record<LabelKey, string>;
  onChange(f: Fairness): void;
  onClose(): void;
}) {
  const { fairness, t } = props;
  const [clientSeed, setClientSeed] = useState('');
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [error, setError] = useState('');

  async function rotate() {
    setError('');
    try {
      const reply = await houseCall<{ revealed: Revealed | null; fairness: Fairness }>('seed', {
        token: props.token,
        clientSeed: clientSeed.trim() || Math.random().toString(36).slice(2, 14),
      });
      setRevealed(reply.revealed);
      props.onChange(reply.fairness);
      setClientSeed('');
    } catch (e) {
      setError(e instanceof GameError ? e.message : String(e));
    }
  }

  const verifyLink = (r: Revealed) =>
    `/play/verify?serverSeed=${r.serverSeed}&clientSeed=${encodeURIComponent(r.clientSeed)}&nonce=0`;

  return (
    <div className={styles.overlay} role="dialog" aria-modal="true" aria-label={t.fairness}>
      <div className={styles.sheet}>
        <h2>{t.fairness}</h2>
        <p className={styles.muted}>
          Every result comes from HMAC-SHA256(server seed, client seed:nonce). The server seed is fixed before
          you play; its SHA-256 is shown below and the seed itself is revealed when you change your client
          seed.
        </p>
        <dl className={styles.seedList}>
          <dt>Server seed (SHA-256)</dt>
          <dd data-testid="server-seed-hash">{fairness.serverSeedHash}</dd>
          <dt>Client seed</dt>
          <dd>{fairness.clientSeed}</dd>
          <dt>Next nonce</dt>
          <dd>{fairness.nonce}</dd>
        </dl>
        <label className={styles.field}>
          New client seed
          <input
            value={clientSeed}
            onChange={(e) => setClientSeed(e.target.value)}
            maxLength={64}
            placeholder="random"
          />
        </label>
        <button type="button" className={styles.spin} onClick={rotate}>
          Change seed
        </button>
        {error && <p className={styles.error}>{error}</p>}
        {revealed && (
          <div className={styles.revealed}>
            <p>
              Revealed server seed (used for {revealed.rounds} rounds):
              <code>{revealed.serverSeed}</code>
            </p>
            <a href={verifyLink(revealed)} target="_blank" rel="noreferrer">
              {t.verify} →
            </a>
          </div>
        )}
        <button type="button" className={styles.ghost} onClick={props.onClose}>
          {t.close}
        </button>
      </div>
    </div>
  );
}
