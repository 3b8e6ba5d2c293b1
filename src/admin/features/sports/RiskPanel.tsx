import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/Amount.tsx';
import { Select } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { useDeskLimits, useRisk } from './queries.ts';

type PerCurrency = { currency: string; amount: number }[];
/** One line per currency: baht and won are never added together. */
const Figures = ({ value }: { value: PerCurrency }) =>
  value.length === 0 ? (
    <Amount value={0} />
  ) : (
    value.map((l) => (
      <div key={l.currency}>
        <Amount value={l.amount} currency={l.currency} />
      </div>
    ))
  );

/**
 * The book's risk: the biggest single exposures (a selection's liability, each in its currency), and
 * per event its worst case with each market's (its worst selection's), per currency.
 */
export function RiskPanel() {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState('');
  const currencies = useDeskLimits(undefined).data?.currencies ?? [];
  const risk = useRisk(currency || undefined).data;
  type Exposure = NonNullable<typeof risk>['exposures'][number];
  type RiskEvent = NonNullable<typeof risk>['events'][number];
  const exposureColumns: Column<Exposure>[] = [
    { head: t('trading.risk.event'), cell: (x) => <span translate="no">{x.event}</span>, wrap: true },
    { head: t('trading.risk.market'), cell: (x) => x.market, wrap: true },
    { head: t('trading.market.selection'), cell: (x) => x.selection },
    {
      head: t('trading.market.liability'),
      numeric: true,
      cell: (x) => <Amount value={x.amount} currency={x.currency} />,
    },
  ];
  const eventColumns: Column<RiskEvent>[] = [
    { head: t('trading.risk.event'), cell: (e) => <span translate="no">{e.name}</span>, wrap: true },
    { head: t('trading.risk.starts'), cell: (e) => <When value={e.startsAt} /> },
    {
      head: t('trading.risk.markets'),
      wrap: true,
      cell: (e) =>
        e.markets.map((m) => (
          <div key={m.id}>
            {m.name}:{' '}
            {m.liability.map((l) => (
              <Amount key={l.currency} value={l.amount} currency={l.currency} />
            ))}
          </div>
        )),
    },
    { head: t('trading.risk.worstCase'), numeric: true, cell: (e) => <Figures value={e.liability} /> },
  ];
  return (
    <>
      <div className={ui.row}>
        <Select label={t('trading.risk.currency')} value={currency} onValue={setCurrency}>
          <option value="">{t('trading.risk.allCurrencies')}</option>
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
      </div>
      <p className={ui.muted}>{t('trading.risk.rule')}</p>
      <Panel title={t('trading.risk.exposures')}>
        <Table
          label={t('trading.risk.exposures')}
          rows={risk?.exposures}
          columns={exposureColumns}
          rowKey={(x) => `${x.selectionId}-${x.currency}`}
          empty={t('trading.risk.none')}
        />
      </Panel>
      <Panel title={t('trading.risk.byEvent')}>
        <Table
          label={t('trading.risk.byEvent')}
          rows={risk?.events}
          columns={eventColumns}
          rowKey={(e) => e.id}
          empty={t('trading.risk.none')}
        />
      </Panel>
    </>
  );
}
