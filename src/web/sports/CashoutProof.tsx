import type { Bet } from '../../shared/contract/sports-api.ts';
import { toFixedString } from '../../shared/sports/fraction.ts';
import { formatOdds, type OddsFormat } from '../../shared/sports/odds-format.ts';
import { money, useSportsT } from './i18n.ts';
import { LegName } from './LegName.tsx';
import { frac } from './slipModel.ts';
import styles from './sports.module.css';

type CashoutProofData = NonNullable<Bet['history'][number]['cashout']>;

const decimal = (text: string) => toFixedString(frac(text), 4).replace(/\.?0+$/, '');

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
  const legOf = (selectionId: string) => legs.find((l) => String(l.selectionId) === selectionId);
  return (
    <div className={styles.proof} data-testid="cashout-proof">
      <p>
        <strong>{t('cashout.proofTitle')}</strong> <code translate="no">{t('cashout.proofFormula')}</code>
      </p>
      <div className={styles.tableScroll}>
        <table className={styles.proofTable}>
          <thead>
            <tr>
              <th>{t('proof.leg')}</th>
              <th>p</th>
              <th>{t('cashout.q')}</th>
              <th>{t('cashout.worth')}</th>
            </tr>
          </thead>
          <tbody>
            {proof.legs.map((l, i) => {
              const leg = legOf(l.selectionId);
              return (
                <tr key={l.selectionId}>
                  <td>
                    {i + 1}. {leg ? <LegName leg={leg} /> : <span translate="no">{l.label}</span>}
                  </td>
                  <td>{formatOdds(frac(l.price), format)}</td>
                  <td>{l.q ? `${l.q} (= ${decimal(l.q)})` : t('cashout.decided')}</td>
                  <td>
                    {l.worth} <small>(= {decimal(l.worth)})</small>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <dl className={styles.facts}>
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
      </dl>
    </div>
  );
}
