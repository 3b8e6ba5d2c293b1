import type { Bet, Proof as ProofData } from '../../shared/contract/sports-api.ts';
import { formatOdds, type OddsFormat } from '../../shared/sports/odds-format.ts';
import { exactly, money, useSportsT } from './i18n.ts';
import { resultSourceLabel } from './labels.ts';
import { decimal, ProofFrame } from './ProofFrame.tsx';
import { frac } from './slipModel.ts';

/**
 * A settled bet's payout proof as a person reads it: each leg's price and factors (void v, win w,
 * dead heat d, factor f), where and when its result came from, the formula, the lines, the exact
 * return, the rounding step and the amount paid. `npm run sports:verify` recomputes the same.
 */
export function Proof({ proof, legs, format }: { proof: ProofData; legs: Bet['legs']; format: OddsFormat }) {
  const t = useSportsT();
  return (
    <ProofFrame
      testId="proof"
      formula={
        <>
          <strong>{t('proof.formula')}</strong> <code translate="no">f = v + (1 − v) × w × d × p</code>;{' '}
          <code translate="no">{t('proof.returnFormula')}</code>
        </>
      }
      columns={['p', 'v', 'w', 'd', 'f', t('proof.source')]}
      legs={proof.legs}
      betLegs={legs}
      rowTestId="proof-leg"
      cells={(l) => (
        <>
          <td>
            {formatOdds(frac(l.price), format)} <small>({l.price})</small>
          </td>
          <td>{l.v}</td>
          <td>{l.w}</td>
          <td>{l.d}</td>
          <td>
            {l.f} <small>(= {decimal(l.f)})</small>
          </td>
          <td>
            <span data-testid="result-source" data-source={l.resultSource}>
              {resultSourceLabel(t, l.resultSource)}
            </span>
            <br />
            <small>
              <time dateTime={l.resultAt}>{exactly(l.resultAt)}</time>
            </small>
          </td>
        </>
      )}
    >
      <dt>{t('proof.unitStake')}</dt>
      <dd>{money(BigInt(proof.unitStake))}</dd>
      <dt>{t('proof.lines')}</dt>
      <dd>{proof.lines.map((line) => line.map((i) => i + 1).join('×')).join(' + ')}</dd>
      <dt>{t('proof.exact')}</dt>
      <dd data-testid="proof-exact">
        {proof.exactReturn} (= {decimal(proof.exactReturn)})
      </dd>
      <dt>{t('proof.rounding')}</dt>
      <dd>{t(`proof.round.${proof.rounding}`)}</dd>
      <dt>{t('proof.result')}</dt>
      <dd data-testid="proof-return">{money(BigInt(proof.return))}</dd>
    </ProofFrame>
  );
}
