import { useEffect, useState } from 'react';
import { playHand, shoeFromFloats } from '../../../shared/games/baccarat.ts';
import { roundFloats } from '../../../shared/games/fairness.ts';
import { MACHINES } from '../../../shared/games/machines/index.ts';
import { floatsPerRound, type SlotOutcome, spinFromFloats } from '../../../shared/games/slot-machine.ts';
import { playedFromLink } from '../../../shared/games/verify-link.ts';
import { houseCall } from '../api.ts';
import { CardView } from '../baccarat/CardView.tsx';
import { resultText } from '../baccarat/resultText.ts';
import { usePlayT } from '../i18n.ts';
import { JackpotVerify } from '../jackpot/JackpotVerify.tsx';
import styles from '../play.module.css';
import { browserHmac, sha256Hex } from './browserCrypto.ts';
import { recomputeTable, type TableBet, type TableOutcome } from './recomputeTable.ts';
import { VerifiedSpin } from './VerifiedSpin.tsx';
import { VerifiedTable } from './VerifiedTable.tsx';
import { GAME_TITLES, type Game, verifyGameOf } from './verifyGame.ts';

type Outcome =
  | { game: 'baccarat'; hand: ReturnType<typeof playHand> }
  | { game: string; spin: SlotOutcome }
  | TableOutcome;

/** Recomputes any finished round in the player's browser from its seeds and nonce, features included. */
export function VerifyPage({ params }: { params: URLSearchParams }) {
  const t = usePlayT();
  const [serverSeed, setServerSeed] = useState(params.get('serverSeed') ?? '');
  const [clientSeed, setClientSeed] = useState(params.get('clientSeed') ?? '');
  const [nonce, setNonce] = useState(params.get('nonce') ?? '0');
  const [game, setGame] = useState<Game>(verifyGameOf(params.get('game'), params.get('engine')));
  const [expectedHash, setExpectedHash] = useState(params.get('hash') ?? '');
  const [hash, setHash] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [note, setNote] = useState('');
  // Roulette's bets and blackjack's bet and moves: from the round, from the bet history's link, or typed in
  // (moves comma-separated).
  const [played, setPlayed] = useState<TableBet>(() => playedFromLink(params));
  const [movesText, setMovesText] = useState(params.get('moves') ?? '');

  useEffect(() => {
    const roundId = params.get('round');
    const token = params.get('token');
    if (!roundId || !token) return;
    houseCall('round', { token, roundId })
      .then(({ round }) => {
        setClientSeed(round.clientSeed);
        setNonce(String(round.nonce));
        setGame(verifyGameOf(round.game, round.engine));
        setExpectedHash(round.serverSeedHash);
        if ('bet' in round && round.bet && typeof round.bet === 'object') {
          const bet = round.bet as TableBet & Record<string, unknown>;
          if (round.engine === 'roulette') {
            const outcome = round.outcome as { laPartage?: boolean } | undefined;
            setPlayed({ bets: bet as Record<string, number>, laPartage: outcome?.laPartage ?? false });
          } else if (round.engine === 'blackjack') {
            setPlayed(bet);
            setMovesText((bet.moves ?? []).join(','));
          }
        }
        if (round.serverSeed) setServerSeed(round.serverSeed);
        else setNote(t('verifyPage.seedInUse'));
      })
      .catch(() => setNote(t('verifyPage.notFound')));
  }, [params, t]);

  async function verify() {
    const seed = { serverSeed: serverSeed.trim(), clientSeed: clientSeed.trim(), nonce: Number(nonce) };
    setHash(await sha256Hex(seed.serverSeed));
    if (game === 'roulette' || game === 'blackjack') {
      const moves = movesText
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean) as TableBet['moves'];
      try {
        setOutcome(await recomputeTable(game, seed, { ...played, moves }));
      } catch (error) {
        setNote(String(error));
      }
    } else if (game === 'baccarat') {
      setOutcome({ game, hand: playHand(shoeFromFloats(await roundFloats(browserHmac, seed, 6))) });
    } else {
      const machine = MACHINES[game]!;
      const floats = await roundFloats(browserHmac, seed, floatsPerRound(machine));
      setOutcome({ game, spin: spinFromFloats(machine, floats) });
    }
  }

  const isTable = outcome?.game === 'roulette' || outcome?.game === 'blackjack';
  const tableOutcome = isTable ? (outcome as TableOutcome) : null;
  const slotSpin =
    outcome && !isTable && 'spin' in outcome ? (outcome as { game: string; spin: SlotOutcome }) : null;
  return (
    <main className={styles.verify}>
      <h1>{t('verifyPage.title')}</h1>
      {note && <p className={styles.muted}>{note}</p>}
      <label className={styles.field}>
        {t('verifyPage.game')}
        <select value={game} onChange={(e) => setGame(e.target.value as Game)} data-testid="verify-game">
          {Object.keys(MACHINES).map((code) => (
            <option key={code} value={code}>
              {GAME_TITLES[code as Game] ?? t('verifyPage.classic')}
            </option>
          ))}
          <option value="baccarat">{t('verifyPage.baccarat')}</option>
          <option value="roulette">{t('verifyPage.roulette')}</option>
          <option value="blackjack">{t('verifyPage.blackjack')}</option>
        </select>
      </label>
      {game === 'blackjack' && (
        <label className={styles.field}>
          {t('verifyPage.moves')}
          <input
            value={movesText}
            onChange={(e) => setMovesText(e.target.value)}
            data-testid="verify-moves"
          />
        </label>
      )}
      <label className={styles.field}>
        {t('verifyPage.serverSeed')}
        <input value={serverSeed} onChange={(e) => setServerSeed(e.target.value)} />
      </label>
      <label className={styles.field}>
        {t('verifyPage.clientSeed')}
        <input value={clientSeed} onChange={(e) => setClientSeed(e.target.value)} />
      </label>
      <label className={styles.field}>
        {t('verifyPage.nonce')}
        <input
          value={nonce}
          inputMode="numeric"
          onChange={(e) => setNonce(e.target.value.replace(/\D/g, ''))}
        />
      </label>
      <button type="button" className={styles.spin} onClick={verify} disabled={!serverSeed || !clientSeed}>
        {t('verifyPage.check')}
      </button>
      {hash && (
        <p className={styles.hashLine} data-testid="verify-hash">
          {t('verifyPage.hash')} <code>{hash}</code>{' '}
          {expectedHash &&
            (hash === expectedHash ? (
              <strong className={styles.ok}>{t('verifyPage.matches')}</strong>
            ) : (
              <strong className={styles.error}>{t('verifyPage.mismatch', { hash: expectedHash })}</strong>
            ))}
        </p>
      )}
      {slotSpin && <VerifiedSpin machine={MACHINES[slotSpin.game]!} spin={slotSpin.spin} />}
      {slotSpin && <JackpotVerify serverSeed={serverSeed} clientSeed={clientSeed} nonce={Number(nonce)} />}
      {tableOutcome && <VerifiedTable outcome={tableOutcome} />}
      {outcome && 'hand' in outcome && (
        <div data-testid="verify-outcome">
          {/* The two hands as the table shows them: named, with their totals, the winner's framed. */}
          <div className={styles.hands}>
            {(['player', 'banker'] as const).map((who) => (
              <div
                key={who}
                className={`${styles.hand} ${outcome.hand.winner === who ? styles.handWin : ''}`}
              >
                <div className={styles.handTitle}>
                  {t(who)}
                  <strong>{outcome.hand[`${who}Total`]}</strong>
                </div>
                <div className={styles.cards}>
                  {outcome.hand[who].map((c, i) => (
                    <CardView key={`${who}${i}`} card={c} />
                  ))}
                </div>
              </div>
            ))}
          </div>
          <p className={styles.resultText} data-testid="verify-result">
            {resultText(t, outcome.hand)}
          </p>
        </div>
      )}
    </main>
  );
}
