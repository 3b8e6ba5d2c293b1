import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import type { DeskProposal } from '../../api/types.ts';
import { Outcome } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { useOperator } from '../session/queries.ts';
import { useConfirmProposal, useProposals, useRejectProposal } from './queries.ts';
import styles from './trading.module.css';

/** What a proposal acts on: the event and market, the bet, or the event (and market) and a window's times. */
function Target({ p }: { p: DeskProposal }) {
  const { t } = useTranslation();
  if (p.kind === 'cancel_bet') return <>{t('trading.proposals.bet', { id: p.betId })}</>;
  const event = p.eventName ?? t('trading.proposals.event', { id: p.eventId });
  const where = p.marketName ? `${event} · ${p.marketName}` : event;
  if (p.kind !== 'cancel_window' && p.kind !== 'rollback_cancel') return <>{where}</>;
  const detail = (p.detail ?? {}) as { from?: string; to?: string };
  return (
    <>
      {where} · {t('trading.proposals.placed')} <When value={detail.from} /> – <When value={detail.to} />
    </>
  );
}

/**
 * Desk actions on money already settled that wait for a second operator (the book's `confirmResults`):
 * an unsettle or void of a confirmed result, a bet's cancel, a cancel window or its rollback. Another
 * operator confirms (asked first: money moves then) or rejects each; its proposer sees it as theirs and
 * may only withdraw it. Shown above the desk's tabs while any waits.
 */
export function ProposalsPanel() {
  const { t } = useTranslation();
  const list = useProposals();
  const me = useOperator().data?.operator.id;
  const confirm = useConfirmProposal();
  const reject = useRejectProposal();
  const [asking, setAsking] = useState<number>();
  const busy = confirm.isPending || reject.isPending;
  const proposals = list.data?.proposals ?? [];
  const last = confirm.data ?? reject.data;
  if (proposals.length === 0 && !last && !confirm.error && !reject.error) return null;
  const decide = (p: DeskProposal, decision: 'confirm' | 'reject') => {
    confirm.reset();
    reject.reset();
    setAsking(undefined);
    (decision === 'confirm' ? confirm : reject).mutate({ params: { id: p.id } });
  };
  return (
    <Panel title={t('trading.proposals.title')}>
      <p className={ui.muted}>{t('trading.proposals.lead')}</p>
      {proposals.map((p) => {
        const mine = me !== undefined && p.proposedBy === me;
        const what = t(`trading.proposals.kind.${p.kind}`);
        return (
          <div key={p.id} className={styles.proposal} data-testid={`desk-proposal-${p.id}`}>
            <span className={styles.proposalText}>
              <strong>{what}</strong> · <Target p={p} /> · “{p.reason}” ·{' '}
              {t('trading.proposals.by', {
                id: p.proposedBy,
                you: mine ? t('trading.market.you') : '',
              })}
            </span>
            {asking === p.id ? (
              <fieldset
                className={`${styles.confirm} ${ui.plainFieldset}`}
                aria-label={t('trading.proposals.askLabel', { id: p.id })}
              >
                <p>{t('trading.proposals.ask', { what })}</p>
                <div className={ui.row}>
                  <Button className={ui.small} disabled={busy} onClick={() => decide(p, 'confirm')}>
                    {t('trading.proposals.yes')}
                  </Button>
                  <Button variant="ghost" className={ui.small} onClick={() => setAsking(undefined)}>
                    {t('trading.proposals.back')}
                  </Button>
                </div>
              </fieldset>
            ) : (
              <div className={ui.row}>
                {mine ? (
                  <span className={ui.muted}>{t('trading.proposals.yours')}</span>
                ) : (
                  <Button className={ui.small} disabled={busy} onClick={() => setAsking(p.id)}>
                    {t('trading.proposals.confirm')}
                  </Button>
                )}
                <Button
                  variant="ghost"
                  className={`${ui.small} ${ui.danger}`}
                  disabled={busy}
                  onClick={() => decide(p, 'reject')}
                >
                  {mine ? t('trading.proposals.withdraw') : t('trading.proposals.reject')}
                </Button>
              </div>
            )}
          </div>
        );
      })}
      <Outcome
        error={confirm.error ?? reject.error ?? list.error}
        done={
          (confirm.data && t('trading.proposals.confirmed', { count: confirm.data.settled })) ||
          (reject.data && t('trading.proposals.rejected'))
        }
      />
    </Panel>
  );
}
