import { useEffect, useState } from 'react';
import { playHand, shoeFromFloats } from '../../../shared/games/baccarat.ts';
import { roundFloats } from '../../../shared/games/fairness.ts';
import { spinFromFloats } from '../../../shared/games/slot.ts';
import { houseCall } from '../api.ts';
import { CardView } from '../baccarat/CardView.tsx';
import styles from '../play.module.css';
import { SymbolArt } from '../slot/SymbolArt.tsx';
import { browserHmac, sha256Hex } from './browserCrypto.ts';

type Engine = 'slot' | 'baccarat';
type Outcome =
  | { engine: 'slot'; spin: ReturnType<typeof spinFromFloats> }
  | { engine: 'baccarat'; hand: ReturnType<typeof playHand> };

interface RoundDetails {
  roundId: string;
  engine: Engine;
  nonce: number;
  clientSeed: string;
  serverSeedHash: string;
  serverSeed: string | null;
}

/** Recomputes any finished round in the player's browser from its seeds and nonce. */
export function VerifyPage({ params }: { params: URLSearchParams }) {
  const [serverSeed, setServerSeed] = useState(params.get('serverSeed') ?? '');
  const [clientSeed, setClientSeed] = useState(params.get('clientSeed') ?? '');
  const [nonce, setNonce] = useState(params.get('nonce') ?? '0');
  const [engine, setEngine] = useState<Engine>(params.get('engine') === 'baccarat' ? 'baccarat' : 'slot');
  const [expectedHash, setExpectedHash] = useState(params.get('hash') ?? '');
  const [hash, setHash] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [note, setNote] = useState('');

  useEffect(() => {
    const roundId = params.get('round');
    const token = params.get('token');
    if (!roundId || !token) return;
    houseCall<{ round: RoundDetails }>('round', { token, roundId })
      .then(({ round }) => {
        setClientSeed(round.clientSeed);
        setNonce(String(round.nonce));
        setEngine(round.engine);
        setExpectedHash(round.serverSeedHash);
        if (round.serverSeed) setServerSeed(round.serverSeed);
        else
          setNote(
            'This round’s server seed is still in use: change your client seed in the game to reveal it.',
          );
      })
      .catch((e: Error) => setNote(e.message));
  }, [params]);

  async function verify() {
    const seed = { serverSeed: serverSeed.trim(), clientSeed: clientSeed.trim(), nonce: Number(nonce) };
    setHash(await sha256Hex(seed.serverSeed));
    if (engine === 'slot') {
      setOutcome({ engine, spin: spinFromFloats(await roundFloats(browserHmac, seed, 5)) });
    } else {
      setOutcome({ engine, hand: playHand(shoeFromFloats(await roundFloats(browserHmac, seed, 6))) });
    }
  }

  return (
    <main className={styles.verify}>
      <h1>Verify a round</h1>
      {note && <p className={styles.muted}>{note}</p>}
      <label className={styles.field}>
        Game
        <select value={engine} onChange={(e) => setEngine(e.target.value as Engine)}>
          <option value="slot">Slot</option>
          <option value="baccarat">Baccarat</option>
        </select>
      </label>
      <label className={styles.field}>
        Server seed
        <input value={serverSeed} onChange={(e) => setServerSeed(e.target.value)} />
      </label>
      <label className={styles.field}>
        Client seed
        <input value={clientSeed} onChange={(e) => setClientSeed(e.target.value)} />
      </label>
      <label className={styles.field}>
        Nonce
        <input
          value={nonce}
          inputMode="numeric"
          onChange={(e) => setNonce(e.target.value.replace(/\D/g, ''))}
        />
      </label>
      <button type="button" className={styles.spin} onClick={verify} disabled={!serverSeed || !clientSeed}>
        Verify
      </button>
      {hash && (
        <p className={styles.hashLine} data-testid="verify-hash">
          SHA-256(server seed) = <code>{hash}</code>{' '}
          {expectedHash &&
            (hash === expectedHash ? (
              <strong className={styles.ok}>matches the commitment</strong>
            ) : (
              <strong className={styles.error}>does not match {expectedHash}</strong>
            ))}
        </p>
      )}
      {outcome?.engine === 'slot' && (
        <div className={styles.reels} data-testid="verify-outcome">
          {outcome.spin.window.map((column, reel) => (
            <div key={reel} className={styles.reel}>
              {column.map((symbol, row) => (
                <div key={row} className={styles.cell}>
                  <SymbolArt symbol={symbol} />
                </div>
              ))}
            </div>
          ))}
          <p className={styles.muted}>Pays {outcome.spin.multiplier} × line bet</p>
        </div>
      )}
      {outcome?.engine === 'baccarat' && (
        <div data-testid="verify-outcome">
          <div className={styles.cards}>
            {outcome.hand.player.map((c, i) => (
              <CardView key={`p${i}`} card={c} />
            ))}
          </div>
          <div className={styles.cards}>
            {outcome.hand.banker.map((c, i) => (
              <CardView key={`b${i}`} card={c} />
            ))}
          </div>
          <p>
            Player {outcome.hand.playerTotal} · Banker {outcome.hand.bankerTotal} · {outcome.hand.winner}
          </p>
        </div>
      )}
    </main>
  );
}
