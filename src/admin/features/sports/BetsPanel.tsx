import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BET_ACTIONS, type BetAction } from '../../../shared/contract/admin/sports.ts';
import { Button } from '../../../ui/Button.tsx';
import type { TradingBet } from '../../api/types.ts';
import { Amount } from '../../components/Amount.tsx';
import { Field, Outcome, Select } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Pill } from '../../components/Pill.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { type BetSearch, useBetAction, useTradingBets } from './queries.ts';
import styles from './trading.module.css';

const STATUSES = ['', 'open', 'settled', 'void', 'delayed', 'refused', 'cashed_out'];

/**
 * A bet's actions: settle and resettle go at once (with the reason typed above); cancel voids every leg
 * and pays the stake back, so it asks first.
 */
function BetActions({
  bet,
  reason,
  act,
}: {
  bet: TradingBet;
  reason: string;
  act: ReturnType<typeof useBetAction>;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const run = (action: BetAction) =>
    act.mutate(
      { params: { id: bet.id, action }, body: { reason } },
      { onSettled: () => setConfirming(false) },
    );
  if (confirming)
    return (
      <fieldset
        className={`${styles.confirm} ${styles.cellConfirm} ${ui.plainFieldset}`}
        aria-label={t('bets.confirmLabel', { id: bet.id })}
      >
        <p>
          {t('bets.confirm', { id: bet.id })} (<Amount value={bet.totalStake} currency={bet.currency} />
          ).
        </p>
        <div className={ui.row}>
          <Button className={ui.small} disabled={act.isPending} onClick={() => run('cancel')}>
            {t('bets.yesCancel')}
          </Button>
          <Button variant="ghost" className={ui.small} onClick={() => setConfirming(false)}>
            {t('bets.keep')}
          </Button>
        </div>
      </fieldset>
    );
  return (
    <div className={ui.row}>
      {bet.actions.map((a) => (
        <Button
          key={a}
          variant="ghost"
          className={`${ui.small} ${a === 'cancel' ? ui.danger : ''}`}
          disabled={act.isPending}
          aria-label={t(`bets.actionLabel.${a}`, { id: bet.id })}
          title={`${t(`bets.action.${a}`)}: ${t(`bets.about.${a}`)}`}
          onClick={() => (a === 'cancel' ? setConfirming(true) : run(a))}
        >
          {t(`bets.action.${a}`)}
        </Button>
      ))}
    </div>
  );
}

/** Bet search by member, event and status; each bet's legs, history, and the settlement workspace. */
export function BetsPanel() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<BetSearch>({});
  const [search, setSearch] = useState<BetSearch>({});
  const [reason, setReason] = useState('');
  const bets = useTradingBets(search);
  const act = useBetAction();
  const columns: Column<TradingBet>[] = [
    { head: t('bets.bet'), cell: (b) => <code>#{b.id}</code> },
    { head: t('bets.placed'), cell: (b) => <When value={b.placedAt} /> },
    { head: t('bets.member'), cell: (b) => <span translate="no">{b.member ?? b.playerId}</span> },
    {
      head: t('bets.selections'),
      wrap: true,
      cell: (b) => (
        <>
          {b.legs.map((l) => (
            <div key={`${l.marketId}-${l.label}`} translate="no">
              {l.label}
            </div>
          ))}
          <ol className={styles.history} aria-label={t('bets.historyOf', { id: b.id })}>
            {b.history.map((h) => (
              <li key={h.seq}>
                {t(`bets.kind.${h.kind}`, { defaultValue: h.kind })}{' '}
                <Amount value={h.amount} currency={b.currency} />
                {h.reason ? <span translate="no">{` — ${h.reason}`}</span> : ''}
                {h.operatorId ? ` (${t('bets.byOperator', { id: h.operatorId })})` : ''}
                {h.paid ? '' : ` · ${t('bets.waitingWallet')}`}
              </li>
            ))}
          </ol>
        </>
      ),
    },
    {
      head: t('bets.stake'),
      numeric: true,
      cell: (b) => <Amount value={b.totalStake} currency={b.currency} />,
    },
    {
      head: t('bets.return'),
      numeric: true,
      cell: (b) =>
        b.settledReturn === null ? (
          <span className={ui.muted}>—</span>
        ) : (
          <Amount value={b.settledReturn} currency={b.currency} />
        ),
    },
    {
      head: t('memberLists.state'),
      cell: (b) => (
        <Pill
          value={b.status === 'settled' ? 'success' : b.status}
          label={t(`bets.status.${b.status}`, { defaultValue: b.status })}
        />
      ),
    },
    {
      head: t('content.actions'),
      // Only what applies to the bet now (the server says which); no buttons for a bet nothing can change.
      cell: (b) => <BetActions bet={b} reason={reason} act={act} />,
    },
  ];
  return (
    <Panel title={t('trading.view.bets')}>
      <form
        className={ui.row}
        aria-label={t('bets.search')}
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(draft);
        }}
      >
        <Field
          label={t('bets.memberSearch')}
          autoComplete="off"
          className={ui.input}
          value={draft.member ?? ''}
          onValue={(member) => setDraft({ ...draft, member })}
        />
        <Field
          label={t('bets.eventSearch')}
          autoComplete="off"
          className={ui.input}
          value={draft.event ?? ''}
          onValue={(event) => setDraft({ ...draft, event })}
        />
        <Select
          label={t('members.status')}
          value={draft.status ?? ''}
          onValue={(status) => setDraft({ ...draft, status })}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s ? t(`bets.status.${s}`) : t('bets.any')}
            </option>
          ))}
        </Select>
        <Button type="submit" className={ui.small}>
          {t('common.search')}
        </Button>
      </form>
      <div className={ui.row}>
        <span className={styles.reason}>
          <Field label={t('bets.reason')} value={reason} onValue={setReason} />
        </span>
      </div>
      <ul className={styles.help} aria-label={t('bets.actions')}>
        {BET_ACTIONS.map((a) => (
          <li key={a}>
            <strong>{t(`bets.action.${a}`)}</strong> {t(`bets.about.${a}`)}.
          </li>
        ))}
        <li>{t('bets.follows')}</li>
      </ul>
      <Outcome
        error={act.error ?? bets.error}
        done={
          act.data &&
          (act.data.proposal !== undefined
            ? t('bets.cancelProposed', { id: act.data.bet.id })
            : t('bets.done', {
                id: act.data.bet.id,
                status: t(`bets.status.${act.data.bet.status}`, { defaultValue: act.data.bet.status }),
              }))
        }
      />
      <Table
        label={t('trading.view.bets')}
        rows={bets.data?.bets}
        columns={columns}
        rowKey={(b) => b.id}
        empty={t('bets.noMatch')}
      />
    </Panel>
  );
}
