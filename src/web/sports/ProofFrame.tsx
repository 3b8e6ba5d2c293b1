import type { ReactNode } from 'react';
import type { Bet } from '../../shared/contract/sports-api.ts';
import { toFixedString } from '../../shared/sports/fraction.ts';
import { useSportsT } from './i18n.ts';
import { LegName } from './LegName.tsx';
import { frac } from './slipModel.ts';
import styles from './sports.module.css';

/** An exact fraction as a decimal of at most four places, shown beside the fraction a proof keeps. */
export const decimal = (text: string) => toFixedString(frac(text), 4).replace(/\.?0+$/, '');

/**
 * What a payout proof and a cash-out proof share: the formula line, a table with a row per leg (named
 * as the bet names it in the member's language, else by the English label the proof was computed
 * with) and the facts below it. Each proof brings its own columns after the leg's name and its facts.
 */
export function ProofFrame<L extends { selectionId: string; label: string }>(props: {
  testId: string;
  formula: ReactNode;
  /** The headings after the leg's name, in the order `cells` gives them. */
  columns: string[];
  legs: L[];
  betLegs: Bet['legs'];
  rowTestId?: string;
  cells(leg: L): ReactNode;
  /** The facts list's `dt`/`dd` pairs. */
  children: ReactNode;
}) {
  const t = useSportsT();
  const legOf = (selectionId: string) => props.betLegs.find((l) => String(l.selectionId) === selectionId);
  return (
    <div className={styles.proof} data-testid={props.testId}>
      <p>{props.formula}</p>
      <div className={styles.tableScroll}>
        <table className={styles.proofTable}>
          <thead>
            <tr>
              <th>{t('proof.leg')}</th>
              {props.columns.map((c) => (
                <th key={c}>{c}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.legs.map((l, i) => {
              const leg = legOf(l.selectionId);
              return (
                <tr key={l.selectionId} data-testid={props.rowTestId}>
                  <td>
                    {i + 1}. {leg ? <LegName leg={leg} /> : <span translate="no">{l.label}</span>}
                  </td>
                  {props.cells(l)}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <dl className={styles.facts}>{props.children}</dl>
    </div>
  );
}
