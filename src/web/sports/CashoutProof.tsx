import type { Bet } from '../../shared/contract/sports-api.ts';
import { formatOdds, type OddsFormat } from '../../shared/sports/odds-format.ts';
import { money, useSportsT } from './i18n.ts';
import { decimal, ProofFrame } from './ProofFrame.tsx';
import { frac } from './slipModel.ts';

type CashoutProofData = NonNullable<Bet['history'][number]['cashout']>;

/**
 * A cash-out's proof as a person reads it: each leg's accepted price and its worth now (a decided
 * leg's factor, or the price × its fair chance from its market's prices now), the margin, the exact
 * value and the amount paid. `npm run sports:verify` recomputes the same.
 */
export function CashoutProof({
  proof,
  legs,
  format,
}: {
  proof: CashoutProofData;
  legs: Bet['legs'];
  format: OddsFormat;
}) {
  const t = useSportsT();
  return (
    <ProofFrame
      testId="cashout-proof"
      formula={
        <>
          <strong>{t('cashout.proofTitle')}</strong> <code translate="no">{t('cashout.proofFormula')}</code>
        </>
      }
      columns={['p', t('cashout.q'), t('cashout.worth')]}
      legs={proof.legs}
      betLegs={legs}
      cells={(l) => (
        <>
          <td>{formatOdds(frac(l.price), format)}</td>
          <td>{l.q ? `${l.q} (= ${decimal(l.q)})` : t('cashout.decided')}</td>
          <td>
            {l.worth} <small>(= {decimal(l.worth)})</small>
          </td>
        </>
      )}
    >
      <dt>{t('cashout.stake')}</dt>
      <dd>
        {money(BigInt(proof.part))} / {money(BigInt(proof.stake))}
      </dd>
      <dt>{t('cashout.margin')}</dt>
      <dd>{(proof.marginBp / 100).toFixed(2)}%</dd>
      <dt>{t('cashout.exact')}</dt>
      <dd>
        {proof.exactValue} (= {decimal(proof.exactValue)})
      </dd>
      <dt>{t('cashout.paid')}</dt>
      <dd data-testid="cashout-proof-paid">{money(BigInt(proof.paid))}</dd>
    </ProofFrame>
  );
}
