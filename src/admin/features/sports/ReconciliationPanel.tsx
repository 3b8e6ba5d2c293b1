import { useState } from 'react';
import { Button } from '../../../ui/Button.tsx';
import type { ReconcileFinding } from '../../api/types.ts';
import { Field, Outcome } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Pill } from '../../components/Pill.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { useReconciliation, useResolveFinding } from './queries.ts';
import { FINDING_KINDS, findingDetail } from './reconcile-detail.ts';
import styles from './trading.module.css';

/** A finding listed for the desk and not yet dealt with: the only kind the desk resolves. */
const waitsForDesk = (f: ReconcileFinding) => !f.repaired && f.resolvedAt === null;

function StateCell({ finding }: { finding: ReconcileFinding }) {
  if (finding.repaired) return <Pill value="success" label="repaired" />;
  if (finding.resolvedAt) return <Pill value="closed" label="resolved" />;
  return <Pill value="wait" label="open" />;
}

/**
 * Resolve a listed finding, with the reason (kept in the audit log). Above the table, not in its row,
 * so a phone shows it whole; nothing is sent before "Confirm resolve".
 */
function ResolveForm({ finding, onClose }: { finding: ReconcileFinding; onClose(done?: string): void }) {
  const resolve = useResolveFinding();
  const [reason, setReason] = useState('');
  return (
    <form
      className={styles.resolve}
      aria-label={`Resolve finding ${finding.id}`}
      onSubmit={(e) => {
        e.preventDefault();
        resolve.mutate(
          { params: { id: finding.id }, body: { reason } },
          { onSuccess: () => onClose(`Finding ${finding.id} (bet #${finding.betId}) resolved.`) },
        );
      }}
    >
      <p>
        Resolve finding {finding.id}: <strong>{FINDING_KINDS[finding.kind].name}</strong> on bet #
        {finding.betId}, once the desk has dealt with it.
      </p>
      <span className={styles.reason}>
        <Field
          label="Reason"
          required
          minLength={3}
          maxLength={300}
          placeholder="What the desk did about it"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </span>
      <Button type="submit" className={ui.small} disabled={resolve.isPending || reason.trim().length < 3}>
        Confirm resolve
      </Button>
      <Button variant="ghost" className={ui.small} onClick={() => onClose()}>
        Cancel
      </Button>
      <Outcome error={resolve.error} />
    </form>
  );
}

/**
 * The reconciler's findings: where a bet and its wallet round disagreed. Safe cases were repaired by
 * their rule; the others (a wallet mismatch, a step the wallet never took) wait here until the desk has
 * dealt with them and resolves them with a reason.
 */
export function ReconciliationPanel() {
  const [all, setAll] = useState(false);
  const [done, setDone] = useState('');
  const list = useReconciliation(all);
  const data = list.data;
  const [resolving, setResolving] = useState<ReconcileFinding>();
  // Bet, kind and detail first: a phone shows them before its table scrolls.
  const columns: Column<ReconcileFinding>[] = [
    { head: 'Bet', cell: (f) => <code>#{f.betId}</code> },
    {
      head: 'Kind',
      wrap: true,
      cell: (f) => {
        const kind = FINDING_KINDS[f.kind];
        return (
          <div className={styles.kind}>
            <strong>{kind.name}</strong>
            <span className={ui.muted}>{kind.about}</span>
            <code className={styles.kindCode}>{f.kind}</code>
          </div>
        );
      },
    },
    {
      head: 'Detail',
      wrap: true,
      cell: (f) => {
        const { compare, lines } = findingDetail(f.kind, f.detail);
        if (compare.length === 0 && lines.length === 0) return <span className={ui.muted}>—</span>;
        return (
          <div className={styles.detailCell} data-testid={`finding-${f.id}-detail`}>
            {compare.length > 0 && (
              <table className={styles.compare}>
                <thead>
                  <tr>
                    <td />
                    <th scope="col">book</th>
                    <th scope="col">wallet</th>
                  </tr>
                </thead>
                <tbody>
                  {compare.map((c) => (
                    <tr key={c.label} className={c.differs ? styles.differs : undefined}>
                      <th scope="row">{c.label}</th>
                      <td>{c.book}</td>
                      <td>{c.wallet}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {lines.length > 0 && (
              <dl className={styles.detail}>
                {lines.map((line) => (
                  <div key={line.label}>
                    <dt>{line.label}</dt>
                    <dd>{line.value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </div>
        );
      },
    },
    { head: 'State', cell: (f) => <StateCell finding={f} /> },
    {
      head: 'Action',
      cell: (f) =>
        waitsForDesk(f) ? (
          <Button
            variant="ghost"
            className={ui.small}
            aria-label={`Resolve finding ${f.id}`}
            disabled={resolving?.id === f.id}
            onClick={() => {
              setDone('');
              setResolving(f);
            }}
          >
            Resolve
          </Button>
        ) : (
          <span className={ui.muted}>—</span>
        ),
    },
    { head: 'Found', cell: (f) => <When value={f.foundAt} /> },
    { head: 'Resolved', cell: (f) => <When value={f.resolvedAt} /> },
  ];
  return (
    <Panel title="Reconciliation">
      <p className={`${ui.muted} ${styles.note}`}>
        With the book’s housekeeping, the reconciler compares each bet with its wallet round. A lost
        placement, a refused bet still charged and an open bet its results decide are repaired at once; a
        wallet mismatch or an unpaid step waits here until the desk resolves it.
      </p>
      {data && (
        <dl className={styles.counts} aria-label="Reconciliation counts">
          <div className={data.open > 0 ? styles.countAlert : undefined}>
            <dt>Open findings</dt>
            <dd data-testid="reconcile-open">{data.open}</dd>
          </div>
          <div>
            <dt>Repaired in the last day</dt>
            <dd data-testid="reconcile-repaired">{data.repairedToday}</dd>
          </div>
          <div className={data.unfinishedRuns > 0 ? styles.countWait : undefined}>
            <dt>Settlement runs working</dt>
            <dd data-testid="reconcile-runs">{data.unfinishedRuns}</dd>
          </div>
        </dl>
      )}
      <div className={ui.row}>
        <label className={styles.check}>
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> Show repaired and
          resolved findings too
        </label>
      </div>
      {resolving && (
        <ResolveForm
          key={resolving.id}
          finding={resolving}
          onClose={(text) => {
            setResolving(undefined);
            if (text) setDone(text);
          }}
        />
      )}
      <Outcome error={list.error} done={done} />
      <Table
        label="Reconciliation findings"
        rows={data?.findings}
        columns={columns}
        rowKey={(f) => f.id}
        empty={all ? 'The reconciler has found nothing.' : 'No finding waits for the desk.'}
      />
    </Panel>
  );
}
