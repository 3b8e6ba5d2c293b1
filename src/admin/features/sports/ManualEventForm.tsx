import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKET_TYPES, type MarketType, SELECTION_KEYS } from '../../../shared/sports/markets.ts';
import { Button } from '../../../ui/Button.tsx';
import { Field, Outcome, Select } from '../../components/Field.tsx';
import { fromLocalInput } from '../../components/local-time.ts';
import { Panel } from '../../components/Panel.tsx';
import { useTextFields } from '../../components/text-fields.ts';
import ui from '../../components/ui.module.css';
import { useWallTimeFields } from '../../components/zone-follow.ts';
import { useTimeZone } from '../session/site-zone.ts';
import { useCreateEvent, useCreateMarket } from './queries.ts';

/** Types whose line the trader types (a total's goals, a handicap's margin). */
const LINE_TYPES = new Set<MarketType>(['total', 'handicap', 'handicap_3way', 'team_total']);

/** The new event's text fields, with the longest name the book stores for each. */
const EVENT_TEXT_FIELDS = [
  { key: 'sport', label: 'trading.manual.sport', maxLength: 60 },
  { key: 'competition', label: 'trading.manual.league', maxLength: 200 },
  { key: 'home', label: 'trading.manual.home', maxLength: 100 },
  { key: 'away', label: 'trading.manual.away', maxLength: 100 },
] as const;

type Row = { id: number; key: string; name: string; price: string };
let rowIds = 0;
const newRow = (key = ''): Row => ({ id: ++rowIds, key, name: key, price: '' });
const rowsOf = (type: MarketType): Row[] => (SELECTION_KEYS[type] ?? ['1', '2']).map((key) => newRow(key));

/**
 * Manual trading: an event for a match no feed covers (its sport and league created when new), then
 * its markets at the trader's prices, checked by the book as every feed's are.
 */
export function ManualEventForm() {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const create = useCreateEvent();
  const addMarket = useCreateMarket();
  const [event, setEvent, bind] = useTextFields({
    sport: '',
    competition: '',
    home: '',
    away: '',
    startsAt: '',
  });
  // The start is typed in the site's wall time: another site chosen meanwhile moves it there.
  useWallTimeFields(zone, setEvent, ['startsAt']);
  const [eventId, setEventId] = useState<number>();
  const [type, setType] = useState<MarketType>('1x2');
  const [name, setName] = useState('');
  const [line, setLine] = useState('');
  const [rows, setRows] = useState<Row[]>(rowsOf('1x2'));
  const setRow = (i: number, key: 'key' | 'name' | 'price', value: string) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
  return (
    <>
      <Panel title={t('trading.manual.newEvent')}>
        <form
          className={ui.row}
          aria-label={t('trading.manual.newEvent')}
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate(
              { body: { ...event, startsAt: fromLocalInput(event.startsAt, zone) ?? '' } },
              { onSuccess: (reply) => setEventId(reply.id) },
            );
          }}
        >
          {EVENT_TEXT_FIELDS.map(({ key, label, maxLength }) => (
            <Field key={key} label={t(label)} required maxLength={maxLength} {...bind(key)} />
          ))}
          <Field label={t('trading.manual.startsAt')} type="datetime-local" required {...bind('startsAt')} />
          <Button type="submit" className={ui.small} disabled={create.isPending}>
            {t('trading.manual.create')}
          </Button>
        </form>
        <Outcome
          error={create.error}
          done={create.isSuccess && t('trading.manual.created', { id: create.data.id })}
        />
      </Panel>
      {eventId !== undefined && (
        <Panel title={t('trading.manual.newMarket', { name: `${event.home} v ${event.away}` })}>
          <form
            aria-label={t('trading.manual.newMarketLabel')}
            onSubmit={(e) => {
              e.preventDefault();
              addMarket.mutate({
                params: { id: eventId },
                body: {
                  type,
                  name: name || type,
                  ...(LINE_TYPES.has(type) && line ? { line } : {}),
                  ...(type === 'team_total' ? { team: 'home' as const } : {}),
                  selections: rows.map((r) => ({
                    key: r.key,
                    name: r.name,
                    price: r.price,
                    format: 'decimal' as const,
                  })),
                },
              });
            }}
          >
            <div className={ui.row}>
              <Select
                label={t('trading.manual.type')}
                value={type}
                onChange={(e) => {
                  const next = e.target.value as MarketType;
                  setType(next);
                  setRows(rowsOf(next));
                }}
              >
                {MARKET_TYPES.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </Select>
              <Field label={t('trading.manual.marketName')} value={name} maxLength={200} onValue={setName} />
              {LINE_TYPES.has(type) && (
                <Field label={t('trading.manual.line')} value={line} maxLength={12} onValue={setLine} />
              )}
            </div>
            {rows.map((r, i) => (
              <div className={ui.row} key={r.id}>
                <Field
                  label={t('trading.manual.key')}
                  value={r.key}
                  readOnly={Boolean(SELECTION_KEYS[type])}
                  maxLength={100}
                  onChange={(e) => setRow(i, 'key', e.target.value)}
                />
                <Field
                  label={t('trading.manual.selection')}
                  value={r.name}
                  maxLength={100}
                  onChange={(e) => setRow(i, 'name', e.target.value)}
                />
                <Field
                  label={t('trading.manual.price')}
                  value={r.price}
                  required
                  inputMode="decimal"
                  maxLength={32}
                  onChange={(e) => setRow(i, 'price', e.target.value)}
                />
              </div>
            ))}
            <div className={ui.row}>
              {!SELECTION_KEYS[type] && (
                <Button variant="ghost" className={ui.small} onClick={() => setRows([...rows, newRow()])}>
                  {t('trading.manual.addSelection')}
                </Button>
              )}
              <Button type="submit" className={ui.small} disabled={addMarket.isPending}>
                {t('trading.manual.openMarket')}
              </Button>
            </div>
          </form>
          <Outcome error={addMarket.error} done={addMarket.isSuccess && t('trading.manual.marketOpened')} />
        </Panel>
      )}
    </>
  );
}
