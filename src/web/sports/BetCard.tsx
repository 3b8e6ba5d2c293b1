import { useState } from 'react';
import type { Bet, SportEvent } from '../../shared/contract/sports-api.ts';
import { formatOdds, type OddsFormat } from '../../shared/sports/odds-format.ts';
import { betStateOf } from './betState.ts';
import { CashOut } from './CashOut.tsx';
import { CashoutProof } from './CashoutProof.tsx';
import { exactly, money, useSportsT } from './i18n.ts';
import { LegName } from './LegName.tsx';
import { correctionAmount } from './labels.ts';
import { MatchClock } from './MatchClock.tsx';
import { Proof } from './Proof.tsx';
import { frac } from './slipModel.ts';
import styles from './sports.module.css';

/** One bet of my bets: legs with their states, stake and return, corrections with reasons, the proof. */
export function BetCard({
  bet,
  format,
  openProof,
  token,
  onChanged,
  events,
}: {
  bet: Bet;
  format: OddsFormat;
  openProof?: boolean;
  /** With the member's token, an open single or multiple offers its cash-out. */
  token?: string;
  onChanged?: () => void;
  /** The live listing: an open leg on a match in play shows its score and clock. */
  events?: Map<number, SportEvent>;
}) {
  const t = useSportsT();
  const [showProof, setShowProof] = useState(Boolean(openProof));
  const proofStep = bet.history.filter((h) => h.proof).at(-1);
  const cashouts = bet.history.filter((h) => h.cashout);
  const canCashOut =
    token && bet.status === 'open' && bet.kind !== 'system' && !bet.legs.some((l) => l.state === 'lost');
  const corrections = bet.history.filter((h) => h.kind !== 'settle');
  const state = betStateOf(bet);
  // The live stream's score when the window holds the match, else the book's when the bets were read.
  const liveScore = (leg: Bet['legs'][number]) => {
    const e = events?.get(leg.eventId);
    if (e) return e.status === 'live' && e.score ? e.score : undefined;
    return leg.eventStatus === 'live' && leg.score ? leg.score : undefined;
  };
  return (
    <article className={styles.betCard} data-testid="bet" data-bet={bet.id} data-status={bet.status}>
      <header className={styles.betHead}>
        <strong>
          #{bet.id} ·{' '}
          {bet.kind === 'system'
            ? t(`system.${bet.systemName ?? 'sizes'}`, { sizes: bet.sizes.join(', '), n: bet.legs.length })
            : t(`tab.${bet.kind}`)}
        </strong>
        <span className={styles[`state_${state}`] ?? styles.badge} data-testid="bet-state">
          {t(`betState.${state}`)}
        </span>
      </header>
      <small className={styles.muted}>
        <time dateTime={bet.placedAt}>{exactly(bet.placedAt)}</time>
      </small>
      <ul className={styles.betLegs}>
        {bet.legs.map((l) => (
          <li
            key={l.selectionId}
            data-testid="bet-leg"
            data-state={l.state}
            // An open leg's event on screen: the live stream follows it (its score).
            data-event={l.state === 'open' ? l.eventId : undefined}
          >
            <LegName leg={l} />
            <span>
              @ {formatOdds(frac(l.price), format)}{' '}
              <span className={styles[`leg_${l.state}`] ?? styles.badge}>{t(`legState.${l.state}`)}</span>
              {l.state === 'open' && liveScore(l) && (
                <small className={styles.liveBadge} data-testid="bet-leg-score">
                  {liveScore(l)!.home}–{liveScore(l)!.away} <MatchClock score={liveScore(l)!} />
                </small>
              )}
            </span>
          </li>
        ))}
      </ul>
      <dl className={styles.facts}>
        <dt>{t('slip.totalStake')}</dt>
        <dd>{money(bet.totalStake)}</dd>
        <dt>
          {bet.status === 'cashed_out'
            ? t('cashout.paid')
            : bet.settledReturn === null && state !== 'lost'
              ? t('slip.potentialReturn')
              : t('bets.return')}
        </dt>
        <dd data-testid="bet-return">
          {money(
            state === 'lost' && bet.settledReturn === null ? 0 : (bet.settledReturn ?? bet.potentialReturn),
          )}
        </dd>
        {(bet.cashoutPaid ?? 0) > 0 && (
          <>
            <dt>{t('cashout.partPaid')}</dt>
            <dd data-testid="bet-cashout-paid">{money(bet.cashoutPaid ?? 0)}</dd>
          </>
        )}
      </dl>
      {canCashOut && <CashOut bet={bet} token={token} onDone={() => onChanged?.()} />}
      {corrections.length > 0 && (
        <ul className={styles.corrections} data-testid="corrections">
          {corrections.map((h) => {
            const amount = correctionAmount(t, h.kind, money(h.amount));
            return (
              <li key={h.seq}>
                {t(`step.${h.kind}`)} · {amount && <>{amount} · </>}
                <time dateTime={h.at}>{exactly(h.at)}</time>
                {h.kind.startsWith('cashout') && h.reason === 'auto' && <> · {t('cashout.autoStep')}</>}
                {h.reason && !h.kind.startsWith('cashout') && (
                  <>
                    {' · '}
                    {t('bets.reason')}: <q translate="no">{h.reason}</q>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {bet.refusal && <p className={styles.refusal}>{t(`refusal.${bet.refusal}`)}</p>}
      {proofStep?.proof && (
        <>
          <button
            type="button"
            className={styles.linkButton}
            aria-expanded={showProof}
            onClick={() => setShowProof((s) => !s)}
            data-testid="show-proof"
          >
            {showProof ? t('proof.hide') : t('proof.show')}
          </button>
          {showProof && <Proof proof={proofStep.proof} legs={bet.legs} format={format} />}
        </>
      )}
      {cashouts.length > 0 && (
        <details open={Boolean(openProof)} data-testid="cashout-proofs">
          <summary className={styles.linkButton}>{t('cashout.showProof')}</summary>
          {cashouts.map((h) => (
            <CashoutProof key={h.seq} proof={h.cashout!} legs={bet.legs} format={format} />
          ))}
        </details>
      )}
    </article>
  );
}
