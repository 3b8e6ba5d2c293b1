import { useState } from 'react';
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

/** What each action does to the bet, as the buttons' descriptions and the panel's help say it. */
const ABOUT: Record<BetAction, string> = {
  settle: 'settles an open bet on its markets’ results',
  resettle: 'settles a settled bet again from its markets’ current results',
  cancel: 'voids every leg of the bet: it is paid its stake back',
};

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
        aria-label={`Confirm cancelling bet ${bet.id}`}
      >
        <p>
          Void every leg of bet #{bet.id}? It is paid its stake back (<Amount value={bet.totalStake} />
          ).
        </p>
        <div className={ui.row}>
          <Button className={ui.small} disabled={act.isPending} onClick={() => run('cancel')}>
            Yes, cancel bet
          </Button>
          <Button variant="ghost" className={ui.small} onClick={() => setConfirming(false)}>
            Keep it
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
          aria-label={`${a} bet ${bet.id}`}
          title={`${a}: ${ABOUT[a]}`}
          onClick={() => (a === 'cancel' ? setConfirming(true) : run(a))}
        >
          {a}
        </Button>
      ))}
    </div>
  );
}

/** Bet search by member, event and status; each bet's legs, history, and the settlement workspace. */
export function BetsPanel() {
  const [draft, setDraft] = useState<BetSearch>({});
  const [search, setSearch] = useState<BetSearch>({});
  const [reason, setReason] = useState('');
  const bets = useTradingBets(search);
  const act = useBetAction();
  const columns: Column<TradingBet>[] = [
    { head: 'Bet', cell: (b) => <code>#{b.id}</code> },
    { head: 'Placed', cell: (b) => <When value={b.placedAt} /> },
    { head: 'Member', cell: (b) => b.playerId },
    {
      head: 'Selections',
      wrap: true,
      cell: (b) => (
        <>
          {b.legs.map((l) => (
            <div key={`${l.marketId}-${l.label}`}>{l.label}</div>
          ))}
          <ol className={styles.history} aria-label={`Bet ${b.id} history`}>
            {b.history.map((h) => (
              <li key={h.seq}>
                {h.kind} <Amount value={h.amount} />
                {h.reason ? ` — ${h.reason}` : ''}
                {h.operatorId ? ` (operator ${h.operatorId})` : ''}
                {h.paid ? '' : ' · waiting for the wallet'}
              </li>
            ))}
          </ol>
        </>
      ),
    },
    { head: 'Stake', numeric: true, cell: (b) => <Amount value={b.totalStake} /> },
    {
      head: 'Return',
      numeric: true,
      cell: (b) =>
        b.settledReturn === null ? <span className={ui.muted}>—</span> : <Amount value={b.settledReturn} />,
    },
    {
      head: 'State',
      cell: (b) => <Pill value={b.status === 'settled' ? 'success' : b.status} label={b.status} />,
    },
    {
      head: 'Actions',
      // Only what applies to the bet now (the server says which); no buttons for a bet nothing can change.
      cell: (b) => <BetActions bet={b} reason={reason} act={act} />,
    },
  ];
  return (
    <Panel title="Bets">
      <form
        className={ui.row}
        aria-label="Bet search"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(draft);
        }}
      >
        <Field
          label="Member id"
          inputMode="numeric"
          className={`${ui.input} ${styles.narrow}`}
          value={draft.member ?? ''}
          onChange={(e) => setDraft({ ...draft, member: e.target.value })}
        />
        <Field
          label="Event id"
          inputMode="numeric"
          className={`${ui.input} ${styles.narrow}`}
          value={draft.event ?? ''}
          onChange={(e) => setDraft({ ...draft, event: e.target.value })}
        />
        <Select
          label="Status"
          value={draft.status ?? ''}
          onChange={(e) => setDraft({ ...draft, status: e.target.value })}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s || 'any'}
            </option>
          ))}
        </Select>
        <Button type="submit" className={ui.small}>
          Search
        </Button>
      </form>
      <div className={ui.row}>
        <span className={styles.reason}>
          <Field label="Reason for a bet action" value={reason} onChange={(e) => setReason(e.target.value)} />
        </span>
      </div>
      <ul className={styles.help} aria-label="Bet actions">
        {BET_ACTIONS.map((a) => (
          <li key={a}>
            <strong>{a}</strong> {ABOUT[a]}.
          </li>
        ))}
        <li>A bet follows its markets: to take a result back, unsettle the market on its event’s card.</li>
      </ul>
      <Outcome
        error={act.error ?? bets.error}
        done={act.data && `Bet #${act.data.bet.id} is now ${act.data.bet.status}.`}
      />
      <Table
        label="Bets"
        rows={bets.data?.bets}
        columns={columns}
        rowKey={(b) => b.id}
        empty="No bet matches."
      />
    </Panel>
  );
}
