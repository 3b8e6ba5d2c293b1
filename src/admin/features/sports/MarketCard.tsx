import { useState } from 'react';
import { Button } from '../../../ui/Button.tsx';
import type { TradingEvent, TradingMarket } from '../../api/types.ts';
import { Amount } from '../../components/Amount.tsx';
import { count } from '../../components/count.ts';
import { Field, Outcome, Select } from '../../components/Field.tsx';
import { Pill } from '../../components/Pill.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import ui from '../../components/ui.module.css';
import { useOperator } from '../session/queries.ts';
import { marketLabel } from './market-label.ts';
import {
  useConfirmResult,
  useCorrectResult,
  useEnterResult,
  useMarketStatus,
  usePrices,
  useUnsettleMarket,
} from './queries.ts';
import { type PendingResult, ResultConfirmDialog } from './ResultConfirmDialog.tsx';
import { deskResultOf, resultText } from './result-check.ts';
import { ScoreFields } from './ScoreFields.tsx';
import styles from './trading.module.css';

type Selection = TradingMarket['selections'][number];
/** Markets settled by a final score; the others (outright, correct score) by their winners. */
const SCORE_MARKETS = new Set(['1x2', 'moneyline', 'total', 'handicap', 'btts', 'correct_score']);

/**
 * One market on the desk: prices, liability, suspend/reopen, results and their corrections. A result
 * entered, confirmed or corrected is sent only once the trader has confirmed it in a dialog that
 * shows it beside the event's live score.
 */
export function MarketCard({ market, event }: { market: TradingMarket; event: TradingEvent }) {
  const status = useMarketStatus();
  const prices = usePrices();
  const enter = useEnterResult();
  const confirm = useConfirmResult();
  const correct = useCorrectResult();
  const unsettle = useUnsettleMarket();
  const [priceKey, setPriceKey] = useState(market.selections[0]?.key ?? '');
  const [price, setPrice] = useState('');
  const [format, setFormat] = useState<'decimal' | 'fractional' | 'american'>('decimal');
  const [home, setHome] = useState('');
  const [away, setAway] = useState('');
  const [winner, setWinner] = useState(market.selections[0]?.key ?? '');
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState<PendingResult | null>(null);
  // The step last sent: one confirm route confirms an entered result or a proposed correction.
  const [sent, setSent] = useState<PendingResult['action']>();
  const me = useOperator().data?.operator.id;
  const params = { id: market.id };
  const byScore = SCORE_MARKETS.has(market.type);
  const result = () =>
    byScore
      ? { kind: 'score' as const, home: Number(home), away: Number(away) }
      : { kind: 'winners' as const, winners: [{ key: winner }] };
  const label = marketLabel(market);
  const entered = deskResultOf(market.result);
  const proposed = deskResultOf(market.proposedResult);
  const names = new Map(market.selections.map((s) => [s.key, s.name]));
  const send = (p: PendingResult) => {
    setPending(null);
    // The outcome line speaks of this step, not of an earlier one on the same market.
    for (const m of [enter, confirm, correct, unsettle]) m.reset();
    setSent(p.action);
    if (p.action === 'enter') enter.mutate({ params, body: { result: p.result } });
    else if (p.action === 'confirm' || p.action === 'confirmCorrection') confirm.mutate({ params });
    else correct.mutate({ params, body: { result: p.result, reason: p.reason } });
  };
  const mutations = [status, prices, enter, confirm, correct, unsettle];
  const busy = mutations.some((m) => m.isPending);
  const error = mutations.find((m) => m.error)?.error;
  const trading = market.status === 'open' || market.status === 'suspended';
  const columns: Column<Selection>[] = [
    { head: 'Selection', wrap: true, cell: (s) => s.name },
    {
      head: 'Price',
      cell: (s) => (
        <>
          <strong>{s.decimal}</strong>{' '}
          <span className={ui.muted}>
            {s.fractional} · {s.american}
          </span>
        </>
      ),
    },
    { head: 'Liability', numeric: true, cell: (s) => <Amount value={s.liability} /> },
  ];
  return (
    <section className={styles.market} aria-label={`Market ${label}`}>
      <div className={styles.marketHead}>
        <span className={styles.marketName}>{label}</span>
        <Pill value={market.status} />
        {market.resultState !== 'none' && (
          <Pill
            value={market.resultState === 'confirmed' ? 'success' : 'wait'}
            label={`result ${market.resultState}: ${entered ? resultText(entered, names) : '?'}`}
          />
        )}
        <span className={ui.muted}>
          v{market.version} · {count(market.openBets, 'open bet')}
        </span>
        {trading && (
          <Button
            variant="ghost"
            className={ui.small}
            disabled={busy}
            onClick={() => status.mutate({ params, body: { open: market.status !== 'open' } })}
          >
            {market.status === 'open' ? 'Suspend' : 'Reopen'}
          </Button>
        )}
      </div>
      <Table
        label={`${label} selections`}
        rows={market.selections}
        columns={columns}
        rowKey={(s) => s.id}
        empty="No selections."
      />
      {trading && (
        <form
          className={ui.row}
          aria-label={`${label} price`}
          onSubmit={(e) => {
            e.preventDefault();
            prices.mutate(
              { params, body: { prices: [{ key: priceKey, price, format }] } },
              { onSuccess: () => setPrice('') },
            );
          }}
        >
          <Select label="Selection" value={priceKey} onChange={(e) => setPriceKey(e.target.value)}>
            {market.selections.map((s) => (
              <option key={s.key} value={s.key}>
                {s.name}
              </option>
            ))}
          </Select>
          <Field
            label="New price"
            className={`${ui.input} ${styles.narrow}`}
            value={price}
            required
            onChange={(e) => setPrice(e.target.value)}
          />
          <Select label="Format" value={format} onChange={(e) => setFormat(e.target.value as typeof format)}>
            <option value="decimal">decimal</option>
            <option value="fractional">fractional</option>
            <option value="american">American</option>
          </Select>
          <Button type="submit" className={ui.small} disabled={busy}>
            Set price
          </Button>
        </form>
      )}
      <form
        className={ui.row}
        aria-label={`${label} result`}
        onSubmit={(e) => {
          e.preventDefault();
          setPending(
            market.resultState === 'confirmed'
              ? { action: 'correct', result: result(), reason }
              : { action: 'enter', result: result() },
          );
        }}
      >
        {byScore ? (
          <ScoreFields home={home} away={away} onHome={setHome} onAway={setAway} required />
        ) : (
          <Select label="Winner" value={winner} onChange={(e) => setWinner(e.target.value)}>
            {market.selections.map((s) => (
              <option key={s.key} value={s.key}>
                {s.name}
              </option>
            ))}
          </Select>
        )}
        <span className={styles.reason}>
          <Field label="Reason (corrections)" value={reason} onChange={(e) => setReason(e.target.value)} />
        </span>
        {market.resultState === 'confirmed' ? (
          <Button type="submit" className={ui.small} disabled={busy}>
            Correct result
          </Button>
        ) : (
          <Button type="submit" className={ui.small} disabled={busy || market.status === 'cancelled'}>
            Enter result
          </Button>
        )}
        {market.resultState === 'entered' && entered && (
          <Button
            className={ui.small}
            disabled={busy}
            onClick={() => setPending({ action: 'confirm', result: entered })}
          >
            Confirm result
          </Button>
        )}
        {market.resultState !== 'none' && (
          <Button
            variant="ghost"
            className={`${ui.small} ${ui.danger}`}
            disabled={busy}
            onClick={() => unsettle.mutate({ params, body: { reason } })}
          >
            Unsettle
          </Button>
        )}
      </form>
      {proposed && (
        <div className={styles.proposal} data-testid={`proposal-${market.id}`}>
          <span>
            Correction to <strong>{resultText(proposed, names)}</strong> proposed by operator{' '}
            {market.proposedBy ?? '?'}
            {market.proposedBy !== null && market.proposedBy === me ? ' (you)' : ''}, waiting for a second
            operator
          </span>
          <Button
            className={ui.small}
            disabled={busy}
            onClick={() => setPending({ action: 'confirmCorrection', result: proposed })}
          >
            Confirm correction
          </Button>
        </div>
      )}
      {pending && (
        <ResultConfirmDialog
          pending={pending}
          event={event}
          market={market}
          marketLabel={label}
          proposedBy={market.proposedBy}
          onConfirm={() => send(pending)}
          onCancel={() => setPending(null)}
        />
      )}
      <Outcome
        error={error}
        done={
          (enter.data && `Result ${enter.data.state}: ${count(enter.data.settled, 'bet')} settled.`) ||
          (confirm.data &&
            (sent === 'confirmCorrection'
              ? `Correction confirmed: ${count(confirm.data.settled, 'bet')} resettled.`
              : `Confirmed: ${count(confirm.data.settled, 'bet')} settled.`)) ||
          (correct.data &&
            (correct.data.state === 'entered'
              ? 'Correction proposed: it waits for a second operator; the result in force stands until then.'
              : `Corrected: ${count(correct.data.settled, 'bet')} resettled.`)) ||
          (unsettle.data && `Unsettled ${count(unsettle.data.settled, 'bet')}.`)
        }
      />
    </section>
  );
}
