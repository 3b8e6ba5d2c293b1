import { useState } from 'react';
import type { Fairness, HouseSuccess } from '../../../shared/contract/house-api.ts';
import { GameError, houseCall } from '../api.ts';
import { errorText } from '../errors.ts';
import { usePlayT } from '../i18n.ts';
import styles from '../play.module.css';

/** The server seed the rotation revealed, with the client seed and how many rounds it played. */
type Revealed = NonNullable<HouseSuccess<'seed'>['revealed']>;

/** Shows the committed seed hash, lets the player set a client seed, and reveals the old server seed. */
export function FairnessPanel(props: {
  token: string;
  /** The game open in this window: the verify page opens set to it. */
  game: string;
  fairness: Fairness;
  lastRound: string | null;
  onChange(f: Fairness): void;
  onClose(): void;
}) {
  const { fairness } = props;
  const t = usePlayT();
  const [clientSeed, setClientSeed] = useState('');
  const [revealed, setRevealed] = useState<{ seed: Revealed; lastRound: string | null } | null>(null);
  const [error, setError] = useState('');

  async function rotate() {
    setError('');
    try {
      const reply = await houseCall('seed', {
        token: props.token,
        clientSeed: clientSeed.trim() || Math.random().toString(36).slice(2, 14),
      });
      setRevealed(reply.revealed && { seed: reply.revealed, lastRound: props.lastRound });
      props.onChange(reply.fairness);
      setClientSeed('');
    } catch (e) {
      setError(e instanceof GameError ? errorText(t, e) : t('genericError'));
    }
  }

  // The last round played with the revealed seed, fetched by id; else the seed's first round.
  const verifyLink = ({ seed, lastRound }: { seed: Revealed; lastRound: string | null }) => {
    const game = `game=${encodeURIComponent(props.game)}`;
    return lastRound && seed.rounds > 0
      ? `/play/verify?round=${lastRound}&token=${encodeURIComponent(props.token)}&${game}`
      : `/play/verify?serverSeed=${seed.serverSeed}&clientSeed=${encodeURIComponent(seed.clientSeed)}&nonce=0&${game}`;
  };

  return (
    <div className={styles.overlay} role="dialog" aria-modal="true" aria-label={t('fairness')}>
      <div className={styles.sheet}>
        <h2>{t('fairness')}</h2>
        <p className={styles.muted}>{t('seeds.explain')}</p>
        <dl className={styles.seedList}>
          <dt>{t('seeds.serverSeedHash')}</dt>
          <dd data-testid="server-seed-hash">{fairness.serverSeedHash}</dd>
          <dt>{t('seeds.clientSeed')}</dt>
          <dd>{fairness.clientSeed}</dd>
          <dt>{t('seeds.nextNonce')}</dt>
          <dd>{fairness.nonce}</dd>
        </dl>
        <label className={styles.field}>
          {t('seeds.newClientSeed')}
          <input
            value={clientSeed}
            onChange={(e) => setClientSeed(e.target.value)}
            maxLength={64}
            placeholder={t('seeds.random')}
          />
        </label>
        <button type="button" className={styles.spin} onClick={rotate} data-testid="change-seed">
          {t('seeds.change')}
        </button>
        {error && <p className={styles.error}>{error}</p>}
        {revealed && (
          <div className={styles.revealed}>
            <p>
              {t('seeds.revealed', { count: revealed.seed.rounds })}
              <code>{revealed.seed.serverSeed}</code>
            </p>
            <a href={verifyLink(revealed)} target="_blank" rel="noreferrer" data-testid="verify-link">
              {t('verify')} →
            </a>
          </div>
        )}
        <button type="button" className={styles.ghost} onClick={props.onClose}>
          {t('close')}
        </button>
      </div>
    </div>
  );
}
