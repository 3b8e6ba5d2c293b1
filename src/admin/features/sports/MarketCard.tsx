import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import type { TradingEvent, TradingMarket } from '../../api/types.ts';
import { Amount } from '../../components/Amount.tsx';
import { Field, Outcome, Select } from '../../components/Field.tsx';
import { Pill } from '../../components/Pill.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import ui from '../../components/ui.module.css';
import { useOperator } from '../session/queries.ts';
import { FeedDisagrees } from './FeedDisagrees.tsx';
import { marketLabel, selectionLabel } from './market-label.ts';
import { PriceHistory } from './PriceHistory.tsx';
import {
  useConfirmResult,
  useCorrectResult,
  useDismissFeed,
  useEnterResult,
  useMarketStatus,
  usePrices,
  useRejectCorrection,
  useUnsettleMarket,
} from './queries.ts';
import { type PendingResult, ResultConfirmDialog } from './ResultConfirmDialog.tsx';
import { deskResultOf, resultText, resultWords } from './result-check.ts';
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
  const { t } = useTranslation();
  const status = useMarketStatus();
  const prices = usePrices();
  const enter = useEnterResult();
  const confirm = useConfirmResult();
  const correct = useCorrectResult();
  const unsettle = useUnsettleMarket();
  const reject = useRejectCorrection();
  const dismiss = useDismissFeed();
  const [priceKey, setPriceKey] = useState(market.selections[0]?.key ?? '');
  const [price, setPrice] = useState('');
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const shownHistory = market.selections.find((s) => s.id === historyOf);
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
  const label = marketLabel(t, market);
  const words = resultWords(t);
  const entered = deskResultOf(market.result);
  const proposed = deskResultOf(market.proposedResult);
  const names = new Map(market.selections.map((s) => [s.key, selectionLabel(t, s)]));
  const send = (p: PendingResult) => {
    setPending(null);
    // The outcome line speaks of this step, not of an earlier one on the same market.
    for (const m of [enter, confirm, correct, unsettle, reject, dismiss]) m.reset();
    setSent(p.action);
    if (p.action === 'enter') enter.mutate({ params, body: { result: p.result } });
    else if (p.action === 'confirm' || p.action === 'confirmCorrection') confirm.mutate({ params });
    else correct.mutate({ params, body: { result: p.result, reason: p.reason } });
  };
  const mutations = [status, prices, enter, confirm, correct, unsettle, reject, dismiss];
  const busy = mutations.some((m) => m.isPending);
  const error = mutations.find((m) => m.error)?.error;
  const trading = market.status === 'open' || market.status === 'suspended';
  const columns: Column<Selection>[] = [
    { head: t('trading.market.selection'), wrap: true, cell: (s) => selectionLabel(t, s) },
    {
      head: t('trading.market.price'),
      cell: (s) => (
        <>
          <strong>{s.decimal}</strong>{' '}
          <span className={ui.muted}>
            {s.fractional} · {s.american}
          </span>{' '}
          <Button
            variant="ghost"
            className={ui.small}
            aria-expanded={historyOf === s.id}
            aria-label={t('trading.priceHistory.showLabel', { name: selectionLabel(t, s) })}
            onClick={() => setHistoryOf(historyOf === s.id ? null : s.id)}
          >
            {t('trading.priceHistory.show')}
          </Button>
        </>
      ),
    },
    {
      head: t('trading.market.liability'),
      numeric: true,
      // One line per currency: baht and won are never added together.
      cell: (s) =>
        // No bet on it yet: nothing to pay in any currency.
        s.liability.length === 0
          ? '—'
          : s.liability.map((l) => (
              <div key={l.currency}>
                <Amount value={l.amount} currency={l.currency} />
              </div>
            )),
    },
  ];
  return (
    <section className={styles.market} aria-label={t('trading.market.region', { label })}>
      <div className={styles.marketHead}>
        <span className={styles.marketName}>{label}</span>
        <Pill value={market.status} />
        {market.resultState !== 'none' && (
          <Pill
            value={market.resultState === 'confirmed' ? 'success' : 'wait'}
            label={t('trading.market.resultPill', {
              state: t(
                `trading.market.resultState.${market.resultState === 'confirmed' ? 'confirmed' : 'entered'}`,
              ),
              result: entered ? resultText(entered, names, words) : '?',
            })}
          />
        )}
        <span className={ui.muted}>
          v{market.version} · {t('trading.market.openBets', { count: market.openBets })}
        </span>
        {trading && (
          <Button
            variant="ghost"
            className={ui.small}
            disabled={busy}
            onClick={() => status.mutate({ params, body: { open: market.status !== 'open' } })}
          >
            {market.status === 'open' ? t('trading.market.suspend') : t('trading.market.reopen')}
          </Button>
        )}
      </div>
      <Table
        label={t('trading.market.selectionsOf', { label })}
        rows={market.selections}
        columns={columns}
        rowKey={(s) => s.id}
        empty={t('trading.market.noSelections')}
      />
      {shownHistory && <PriceHistory selectionId={shownHistory.id} name={selectionLabel(t, shownHistory)} />}
      {trading && (
        <form
          className={ui.row}
          aria-label={t('trading.market.priceForm', { label })}
          onSubmit={(e) => {
            e.preventDefault();
            prices.mutate(
              { params, body: { prices: [{ key: priceKey, price, format }] } },
              { onSuccess: () => setPrice('') },
            );
          }}
        >
          <SelectionSelect
            label={t('trading.market.selection')}
            market={market}
            value={priceKey}
            onValue={setPriceKey}
          />
          <Field
            label={t('trading.market.newPrice')}
            className={`${ui.input} ${styles.narrow}`}
            value={price}
            required
            onValue={setPrice}
          />
          <Select
            label={t('trading.market.format')}
            value={format}
            onChange={(e) => setFormat(e.target.value as typeof format)}
          >
            <option value="decimal">{t('trading.market.formats.decimal')}</option>
            <option value="fractional">{t('trading.market.formats.fractional')}</option>
            <option value="american">{t('trading.market.formats.american')}</option>
          </Select>
          <Button type="submit" className={ui.small} disabled={busy}>
            {t('trading.market.setPrice')}
          </Button>
        </form>
      )}
      <form
        className={ui.row}
        aria-label={t('trading.market.resultForm', { label })}
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
          <SelectionSelect
            label={t('trading.market.winner')}
            market={market}
            value={winner}
            onValue={setWinner}
          />
        )}
        <span className={styles.reason}>
          <Field label={t('trading.market.reason')} value={reason} onValue={setReason} />
        </span>
        {market.resultState === 'confirmed' ? (
          <Button type="submit" className={ui.small} disabled={busy}>
            {t('trading.market.correct')}
          </Button>
        ) : (
          <Button type="submit" className={ui.small} disabled={busy || market.status === 'cancelled'}>
            {t('trading.market.enter')}
          </Button>
        )}
        {market.resultState === 'entered' && entered && (
          <Button
            className={ui.small}
            disabled={busy}
            onClick={() => setPending({ action: 'confirm', result: entered })}
          >
            {t('trading.market.confirm')}
          </Button>
        )}
        {market.resultState !== 'none' && (
          <Button
            variant="ghost"
            className={`${ui.small} ${ui.danger}`}
            disabled={busy}
            onClick={() => {
              // The outcome line speaks of this step, not of an earlier refusal on the same market.
              for (const m of [enter, confirm, correct, unsettle, reject, dismiss]) m.reset();
              unsettle.mutate({ params, body: { reason } });
            }}
          >
            {t('trading.market.unsettle')}
          </Button>
        )}
      </form>
      {proposed && (
        <div className={styles.proposal} data-testid={`proposal-${market.id}`}>
          <span>
            <Trans
              t={t}
              i18nKey="trading.market.proposal"
              values={{
                result: resultText(proposed, names, words),
                id: market.proposedBy ?? '?',
                you: market.proposedBy !== null && market.proposedBy === me ? t('trading.market.you') : '',
              }}
              components={{ strong: <strong /> }}
            />
          </span>
          <Button
            className={ui.small}
            disabled={busy}
            onClick={() => setPending({ action: 'confirmCorrection', result: proposed })}
          >
            {t('trading.market.confirmCorrection')}
          </Button>
          {/* Nothing moves: the result in force stands (its proposer withdraws it this way). */}
          <Button
            variant="ghost"
            className={`${ui.small} ${ui.danger}`}
            disabled={busy}
            onClick={() => {
              for (const m of [enter, confirm, correct, unsettle, reject, dismiss]) m.reset();
              reject.mutate({ params });
            }}
          >
            {market.proposedBy !== null && market.proposedBy === me
              ? t('trading.market.withdrawCorrection')
              : t('trading.market.rejectCorrection')}
          </Button>
        </div>
      )}
      <FeedDisagrees
        market={market}
        names={names}
        busy={busy}
        onDismiss={() => {
          for (const m of [enter, confirm, correct, unsettle, reject, dismiss]) m.reset();
          dismiss.mutate({ params });
        }}
      />
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
          (enter.data &&
            t(`trading.market.resultDone.${enter.data.state === 'confirmed' ? 'confirmed' : 'entered'}`, {
              count: enter.data.settled,
            })) ||
          (confirm.data &&
            (sent === 'confirmCorrection'
              ? t('trading.market.correctionConfirmed', { count: confirm.data.settled })
              : t('trading.market.confirmed', { count: confirm.data.settled }))) ||
          (correct.data &&
            (correct.data.state === 'entered'
              ? t('trading.market.proposedDone')
              : t('trading.market.corrected', { count: correct.data.settled }))) ||
          (reject.data && t('trading.market.correctionRejected')) ||
          (dismiss.data && t('trading.market.feed.dismissed')) ||
          (unsettle.data &&
            (unsettle.data.state === 'proposed'
              ? t('trading.market.unsettleProposed')
              : t('trading.market.unsettled', { count: unsettle.data.settled })))
        }
      />
    </section>
  );
}

/** One of the market's selections, chosen by key (the one to price, the winner). */
function SelectionSelect({
  label,
  market,
  value,
  onValue,
}: {
  label: string;
  market: TradingMarket;
  value: string;
  onValue(key: string): void;
}) {
  const { t } = useTranslation();
  return (
    <Select label={label} value={value} onValue={onValue}>
      {market.selections.map((s) => (
        <option key={s.key} value={s.key}>
          {selectionLabel(t, s)}
        </option>
      ))}
    </Select>
  );
}
