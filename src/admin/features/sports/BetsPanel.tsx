import { useState } from 'react';
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

const STATUSES = ['', 'open', 'settled', 'void', 'delayed', 'refused'];

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
      cell: (b) => (
        <div className={ui.row}>
          {b.actions.map((a) => (
            <Button
              key={a}
              variant="ghost"
              className={`${ui.small} ${a === 'cancel' ? ui.danger : ''}`}
              disabled={act.isPending}
              aria-label={`${a} bet ${b.id}`}
              onClick={() => act.mutate({ params: { id: b.id, action: a }, body: { reason } })}
            >
              {a}
            </Button>
          ))}
        </div>
      ),
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
