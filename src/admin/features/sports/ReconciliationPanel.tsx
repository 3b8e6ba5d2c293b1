import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import type { ReconcileFinding } from '../../api/types.ts';
import { Outcome } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Pill } from '../../components/Pill.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { Tiles } from '../../components/Tiles.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { useReconciliation, useResolveFinding } from './queries.ts';
import { ReasonField } from './ReasonField.tsx';
import { detailWords, findingDetail } from './reconcile-detail.ts';
import styles from './trading.module.css';

/** A finding listed for the desk and not yet dealt with: the only kind the desk resolves. */
const waitsForDesk = (f: ReconcileFinding) => !f.repaired && f.resolvedAt === null;

function StateCell({ finding }: { finding: ReconcileFinding }) {
  const { t } = useTranslation();
  if (finding.repaired) return <Pill value="success" label={t('reconcile.repaired')} />;
  if (finding.resolvedAt) return <Pill value="closed" label={t('reconcile.resolved')} />;
  return <Pill value="wait" label={t('reconcile.open')} />;
}

/**
 * Resolve a listed finding, with the reason (kept in the audit log). Above the table, not in its row,
 * so a phone shows it whole; nothing is sent before "Confirm resolve".
 */
function ResolveForm({ finding, onClose }: { finding: ReconcileFinding; onClose(done?: string): void }) {
  const { t } = useTranslation();
  const resolve = useResolveFinding();
  const [reason, setReason] = useState('');
  return (
    <form
      className={styles.resolve}
      aria-label={t('reconcile.resolveLabel', { id: finding.id })}
      onSubmit={(e) => {
        e.preventDefault();
        resolve.mutate(
          { params: { id: finding.id }, body: { reason } },
          { onSuccess: () => onClose(t('reconcile.done', { id: finding.id, bet: finding.betId })) },
        );
      }}
    >
      <p>
        {t('reconcile.resolveLead', { id: finding.id })}{' '}
        <strong>{t(`reconcile.kind.${finding.kind}.name`)}</strong>{' '}
        {t('reconcile.resolveTail', { bet: finding.betId })}
      </p>
      <ReasonField
        label={t('reconcile.reason')}
        placeholder={t('reconcile.reasonHint')}
        value={reason}
        onValue={setReason}
      />
      <Button type="submit" className={ui.small} disabled={resolve.isPending || reason.trim().length < 3}>
        {t('reconcile.confirm')}
      </Button>
      <Button variant="ghost" className={ui.small} onClick={() => onClose()}>
        {t('common.cancel')}
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
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const [done, setDone] = useState('');
  const list = useReconciliation(all);
  const data = list.data;
  const [resolving, setResolving] = useState<ReconcileFinding>();
  // Bet, kind and detail first: a phone shows them before its table scrolls.
  const columns: Column<ReconcileFinding>[] = [
    { head: t('bets.bet'), cell: (f) => <code>#{f.betId}</code> },
    {
      head: t('reconcile.kindHead'),
      wrap: true,
      cell: (f) => {
        return (
          <div className={styles.kind}>
            <strong>{t(`reconcile.kind.${f.kind}.name`)}</strong>
            <span className={ui.muted}>{t(`reconcile.kind.${f.kind}.about`)}</span>
            <code className={styles.kindCode}>{f.kind}</code>
          </div>
        );
      },
    },
    {
      head: t('reconcile.detail'),
      wrap: true,
      cell: (f) => {
        const { compare, lines } = findingDetail(
          f.kind,
          f.detail,
          f.currency,
          detailWords(t, currentLocale()),
        );
        if (compare.length === 0 && lines.length === 0) return <span className={ui.muted}>—</span>;
        return (
          <div className={styles.detailCell} data-testid={`finding-${f.id}-detail`}>
            {compare.length > 0 && (
              <table className={styles.compare}>
                <thead>
                  <tr>
                    <td />
                    <th scope="col">{t('reconcile.book')}</th>
                    <th scope="col">{t('reconcile.wallet')}</th>
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
    { head: t('memberLists.state'), cell: (f) => <StateCell finding={f} /> },
    {
      head: t('audit.action'),
      cell: (f) =>
        waitsForDesk(f) ? (
          <Button
            variant="ghost"
            className={ui.small}
            aria-label={t('reconcile.resolveLabel', { id: f.id })}
            disabled={resolving?.id === f.id}
            onClick={() => {
              setDone('');
              setResolving(f);
            }}
          >
            {t('reconcile.resolve')}
          </Button>
        ) : (
          <span className={ui.muted}>—</span>
        ),
    },
    { head: t('reconcile.found'), cell: (f) => <When value={f.foundAt} /> },
    { head: t('reconcile.resolvedAt'), cell: (f) => <When value={f.resolvedAt} /> },
  ];
  return (
    <Panel title={t('trading.view.reconciliation')}>
      <p className={`${ui.muted} ${styles.note}`}>{t('reconcile.note')}</p>
      {data && (
        <Tiles
          label={t('reconcile.counts')}
          tiles={[
            {
              key: 'open',
              label: t('reconcile.openFindings'),
              value: data.open,
              tone: data.open > 0 ? 'alert' : undefined,
              testId: 'reconcile-open',
            },
            {
              key: 'repaired',
              label: t('reconcile.repairedToday'),
              value: data.repairedToday,
              testId: 'reconcile-repaired',
            },
            {
              key: 'runs',
              label: t('reconcile.runs'),
              value: data.unfinishedRuns,
              tone: data.unfinishedRuns > 0 ? 'wait' : undefined,
              testId: 'reconcile-runs',
            },
          ]}
        />
      )}
      <div className={ui.row}>
        <label className={styles.check}>
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} />{' '}
          {t('reconcile.showAll')}
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
        label={t('reconcile.findings')}
        rows={data?.findings}
        columns={columns}
        rowKey={(f) => f.id}
        empty={all ? t('reconcile.nothing') : t('reconcile.noneWaiting')}
      />
    </Panel>
  );
}
