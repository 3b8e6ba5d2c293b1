import { useState } from 'react';
import { Button } from '../../../ui/Button.tsx';
import type { TradingEvent } from '../../api/types.ts';
import { count } from '../../components/count.ts';
import { Field, Outcome, Select } from '../../components/Field.tsx';
import ui from '../../components/ui.module.css';
import { localToIso, marketLabel, toLocalSeconds } from './market-label.ts';
import { useBookSettings, useCancelWindow } from './queries.ts';
import styles from './trading.module.css';

type Scope = 'event' | 'market' | 'selection';
const HOUR_MS = 3_600_000;

/** "24 hours", "90 minutes": the book's cancel-window limit as a trader reads it. */
const minutesText = (minutes: number) =>
  minutes % 60 === 0 ? count(minutes / 60, 'hour') : count(minutes, 'minute');

/**
 * A cancel window on one event: the legs on the event, a market or a selection of bets placed between
 * two times are voided (each counts 1.00; the rest of the bet stands), or, for a palpable error on one
 * selection, settled at the corrected price. The book refuses a window reaching back further than its
 * `cancelWindowMinutes`. Nothing is sent before the trader confirms the summary.
 */
export function CancelWindowForm({ event }: { event: TradingEvent }) {
  const send = useCancelWindow();
  const limit = useBookSettings().data?.settings.cancelWindowMinutes;
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [scope, setScope] = useState<Scope>('event');
  const [marketId, setMarketId] = useState(String(event.markets[0]?.id ?? ''));
  const [selectionId, setSelectionId] = useState(String(event.markets[0]?.selections[0]?.id ?? ''));
  const [how, setHow] = useState<'void' | 'price'>('void');
  const [price, setPrice] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const name = `Cancel window on ${event.name}`;

  const start = () => {
    // The last hour up to now, the usual reach of a past-posting or a wrong price just seen.
    const now = new Date();
    setFrom(toLocalSeconds(new Date(now.getTime() - HOUR_MS)));
    setTo(toLocalSeconds(now));
    send.reset();
    setConfirming(false);
    setOpen(true);
  };
  if (!open)
    return (
      <div className={ui.row}>
        <Button variant="ghost" className={ui.small} onClick={start}>
          Cancel window…
        </Button>
      </div>
    );

  const market = event.markets.find((m) => String(m.id) === marketId);
  const selection = event.markets
    .flatMap((m) => m.selections.map((s) => ({ ...s, market: m })))
    .find((s) => String(s.id) === selectionId);
  const repricing = how === 'price' && scope === 'selection';
  const target =
    scope === 'event'
      ? 'every market of the event'
      : scope === 'market'
        ? `the market ${market ? marketLabel(market) : '?'}`
        : `the selection ${selection ? `${selection.name} (${marketLabel(selection.market)})` : '?'}`;
  const fromIso = localToIso(from);
  const toIso = localToIso(to);
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-GB') : '?');

  const submit = () => {
    if (!fromIso || !toIso) return;
    send.mutate(
      {
        params: { id: event.id },
        body: {
          from: fromIso,
          to: toIso,
          ...(scope === 'market' && { marketId: Number(marketId) }),
          ...(scope === 'selection' && { selectionId: Number(selectionId) }),
          ...(repricing && { correctedPrice: price.trim() }),
          reason: reason.trim(),
        },
      },
      { onSettled: () => setConfirming(false) },
    );
  };

  return (
    <form
      className={styles.window}
      aria-label={name}
      onSubmit={(e) => {
        e.preventDefault();
        send.reset();
        setConfirming(true);
      }}
    >
      <div className={styles.windowHead}>
        <strong>Cancel window</strong>
        <Button variant="ghost" className={ui.small} onClick={() => setOpen(false)}>
          Close
        </Button>
      </div>
      <fieldset className={`${ui.row} ${ui.plainFieldset}`} disabled={confirming || send.isPending}>
        <Field
          label="Placed from"
          type="datetime-local"
          step={1}
          required
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <Field
          label="Placed before"
          type="datetime-local"
          step={1}
          required
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        <Select
          label="Scope"
          value={scope}
          onChange={(e) => {
            const next = e.target.value as Scope;
            setScope(next);
            // A corrected price applies to one selection only.
            if (next !== 'selection') setHow('void');
          }}
        >
          <option value="event">Whole event</option>
          <option value="market">A market</option>
          <option value="selection">A selection</option>
        </Select>
        {scope === 'market' && (
          <Select label="Market" value={marketId} onChange={(e) => setMarketId(e.target.value)}>
            {event.markets.map((m) => (
              <option key={m.id} value={m.id}>
                {marketLabel(m)}
              </option>
            ))}
          </Select>
        )}
        {scope === 'selection' && (
          <Select label="Selection" value={selectionId} onChange={(e) => setSelectionId(e.target.value)}>
            {event.markets.map((m) => (
              <optgroup key={m.id} label={marketLabel(m)}>
                {m.selections.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </Select>
        )}
      </fieldset>
      <fieldset className={`${ui.row} ${ui.plainFieldset}`} disabled={confirming || send.isPending}>
        <legend className={styles.legend}>The legs in the window</legend>
        <label className={styles.check}>
          <input type="radio" name="how" checked={how === 'void'} onChange={() => setHow('void')} /> Void
          (counts 1.00)
        </label>
        <label className={styles.check}>
          <input
            type="radio"
            name="how"
            checked={how === 'price'}
            disabled={scope !== 'selection'}
            onChange={() => setHow('price')}
          />{' '}
          Corrected price {scope !== 'selection' && '(one selection only)'}
        </label>
        {repricing && (
          <Field
            label="Correct price (decimal)"
            className={`${ui.input} ${styles.narrow}`}
            inputMode="decimal"
            required
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
        )}
        <span className={styles.reason}>
          <Field
            label="Reason"
            required
            minLength={3}
            maxLength={300}
            placeholder="Past-posting, a wrong price…"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </span>
        {!confirming && (
          <Button type="submit" className={`${ui.small} ${ui.danger}`} variant="ghost">
            Review window
          </Button>
        )}
      </fieldset>
      {limit !== undefined && (
        <p className={`${ui.muted} ${styles.hint}`}>
          The house rules let a window reach back at most {minutesText(limit)}.
        </p>
      )}
      {confirming && (
        <fieldset className={`${styles.confirm} ${ui.plainFieldset}`} aria-label="Confirm the cancel window">
          <p>
            {repricing ? `Settle at ${price.trim() || '?'}` : 'Void'} the legs on {target} of bets placed from{' '}
            <strong>{when(fromIso)}</strong> to <strong>{when(toIso)}</strong>? Each bet’s other legs stand; a
            bet already settled is settled again.
          </p>
          <div className={ui.row}>
            <Button className={`${ui.small}`} disabled={send.isPending} onClick={submit}>
              {repricing ? 'Yes, reprice the legs' : 'Yes, void the legs'}
            </Button>
            <Button variant="ghost" className={ui.small} onClick={() => setConfirming(false)}>
              Back
            </Button>
          </div>
        </fieldset>
      )}
      <Outcome
        error={send.error}
        done={
          send.data &&
          (send.data.voided === 0
            ? 'No bet in that window had a leg there: nothing changed.'
            : `${send.variables?.body.correctedPrice ? 'Repriced' : 'Voided'} the legs of ${count(send.data.voided, 'bet')}.`)
        }
      />
    </form>
  );
}
