import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { localeDateTimeIn } from '../../../shared/zoned-time.ts';
import { Button } from '../../../ui/Button.tsx';
import type { TradingEvent } from '../../api/types.ts';
import { Field, Outcome, Select } from '../../components/Field.tsx';
import { rezonedWallTime } from '../../components/local-time.ts';
import ui from '../../components/ui.module.css';
import { useZoneFollow } from '../../components/zone-follow.ts';
import { intlLocale } from '../../i18n/index.ts';
import { useChosenSite } from '../session/site-zone.ts';
import { lastHourWindow, localToIso, marketLabel, selectionLabel } from './market-label.ts';
import { useBookSettings, useCancelWindow } from './queries.ts';
import { ReasonField } from './ReasonField.tsx';
import styles from './trading.module.css';

type Scope = 'event' | 'market' | 'selection';
/** Both ends of the window, to the second: the book compares placement times exactly. */
const TO_THE_SECOND = { type: 'datetime-local', step: 1, required: true } as const;

/** "24 hours", "90 minutes": the book's cancel-window limit as a trader reads it. */
const minutesText = (t: TFunction, minutes: number) =>
  minutes % 60 === 0
    ? t('trading.window.hours', { count: minutes / 60 })
    : t('trading.window.minutes', { count: minutes });

/**
 * A cancel window on one event: the legs on the event, a market or a selection of bets placed between
 * two times are voided (each counts 1.00; the rest of the bet stands), or, for a palpable error on one
 * selection, settled at the corrected price. The book refuses a window reaching back further than its
 * `cancelWindowMinutes`. Nothing is sent before the trader confirms the summary.
 */
export function CancelWindowForm({ event }: { event: TradingEvent }) {
  const { t } = useTranslation();
  const send = useCancelWindow();
  const zone = useChosenSite().timeZone;
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
  const name = t('trading.window.name', { name: event.name });
  // The window is typed in the site's wall time: another site chosen while it is open moves it there,
  // or the legs of bets placed two hours off the window meant were voided.
  useZoneFollow(zone, (was, now) => {
    setFrom((wall) => rezonedWallTime(wall, was, now));
    setTo((wall) => rezonedWallTime(wall, was, now));
  });

  const start = () => {
    // The last hour up to now, the usual reach of a past-posting or a wrong price just seen.
    const window = lastHourWindow(new Date(), zone);
    setFrom(window.from);
    setTo(window.to);
    send.reset();
    setConfirming(false);
    setOpen(true);
  };
  if (!open)
    return (
      <div className={ui.row}>
        <Button variant="ghost" className={ui.small} onClick={start}>
          {t('trading.window.open')}
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
      ? t('trading.window.targetEvent')
      : scope === 'market'
        ? t('trading.window.targetMarket', { market: market ? marketLabel(t, market) : '?' })
        : selection
          ? t('trading.window.targetSelection', {
              selection: selectionLabel(t, selection),
              market: marketLabel(t, selection.market),
            })
          : '?';
  const fromIso = localToIso(from, zone);
  const toIso = localToIso(to, zone);
  const when = (iso: string | null) => (iso && zone ? localeDateTimeIn(iso, zone, intlLocale()) : '?');

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
        <strong>{t('trading.window.title')}</strong>
        <Button variant="ghost" className={ui.small} onClick={() => setOpen(false)}>
          {t('trading.window.close')}
        </Button>
      </div>
      <fieldset className={`${ui.row} ${ui.plainFieldset}`} disabled={confirming || send.isPending}>
        <Field label={t('trading.window.from')} {...TO_THE_SECOND} value={from} onValue={setFrom} />
        <Field label={t('trading.window.before')} {...TO_THE_SECOND} value={to} onValue={setTo} />
        <Select
          label={t('trading.window.scope')}
          value={scope}
          onChange={(e) => {
            const next = e.target.value as Scope;
            setScope(next);
            // A corrected price applies to one selection only.
            if (next !== 'selection') setHow('void');
          }}
        >
          <option value="event">{t('trading.window.scopes.event')}</option>
          <option value="market">{t('trading.window.scopes.market')}</option>
          <option value="selection">{t('trading.window.scopes.selection')}</option>
        </Select>
        {scope === 'market' && (
          <Select label={t('trading.window.market')} value={marketId} onValue={setMarketId}>
            {event.markets.map((m) => (
              <option key={m.id} value={m.id}>
                {marketLabel(t, m)}
              </option>
            ))}
          </Select>
        )}
        {scope === 'selection' && (
          <Select label={t('trading.window.selection')} value={selectionId} onValue={setSelectionId}>
            {event.markets.map((m) => (
              <optgroup key={m.id} label={marketLabel(t, m)}>
                {m.selections.map((s) => (
                  <option key={s.id} value={s.id}>
                    {selectionLabel(t, s)}
                  </option>
                ))}
              </optgroup>
            ))}
          </Select>
        )}
      </fieldset>
      <fieldset className={`${ui.row} ${ui.plainFieldset}`} disabled={confirming || send.isPending}>
        <legend className={styles.legend}>{t('trading.window.legs')}</legend>
        <label className={styles.check}>
          <input type="radio" name="how" checked={how === 'void'} onChange={() => setHow('void')} />{' '}
          {t('trading.window.void')}
        </label>
        <label className={styles.check}>
          <input
            type="radio"
            name="how"
            checked={how === 'price'}
            disabled={scope !== 'selection'}
            onChange={() => setHow('price')}
          />{' '}
          {t('trading.window.corrected')} {scope !== 'selection' && t('trading.window.oneOnly')}
        </label>
        {repricing && (
          <Field
            label={t('trading.window.correctPrice')}
            className={`${ui.input} ${styles.narrow}`}
            inputMode="decimal"
            required
            value={price}
            onValue={setPrice}
          />
        )}
        <ReasonField
          label={t('trading.window.reason')}
          placeholder={t('trading.window.placeholder')}
          value={reason}
          onValue={setReason}
        />
        {!confirming && (
          <Button type="submit" className={`${ui.small} ${ui.danger}`} variant="ghost">
            {t('trading.window.review')}
          </Button>
        )}
      </fieldset>
      {limit !== undefined && (
        <p className={`${ui.muted} ${styles.hint}`}>
          {t('trading.window.limit', { reach: minutesText(t, limit) })}
        </p>
      )}
      {confirming && (
        <fieldset
          className={`${styles.confirm} ${ui.plainFieldset}`}
          aria-label={t('trading.window.confirmLabel')}
        >
          <p>
            <Trans
              t={t}
              i18nKey={repricing ? 'trading.window.askPrice' : 'trading.window.askVoid'}
              values={{ price: price.trim() || '?', target, from: when(fromIso), to: when(toIso) }}
              components={{ strong: <strong /> }}
            />
          </p>
          <div className={ui.row}>
            <Button className={`${ui.small}`} disabled={send.isPending} onClick={submit}>
              {repricing ? t('trading.window.yesReprice') : t('trading.window.yesVoid')}
            </Button>
            <Button variant="ghost" className={ui.small} onClick={() => setConfirming(false)}>
              {t('trading.window.back')}
            </Button>
          </div>
        </fieldset>
      )}
      <Outcome
        error={send.error}
        done={
          send.data &&
          (send.data.proposal !== undefined
            ? t('trading.window.proposed')
            : send.data.voided === 0
              ? t('trading.window.nothing')
              : t(send.variables?.body.correctedPrice ? 'trading.window.repriced' : 'trading.window.voided', {
                  count: send.data.voided,
                }))
        }
      />
    </form>
  );
}
