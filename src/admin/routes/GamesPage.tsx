import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpenRound } from '../api/types.ts';
import { Amount } from '../components/Amount.tsx';
import { Outcome } from '../components/Field.tsx';
import { PageHead, Panel } from '../components/Panel.tsx';
import { type Column, Table } from '../components/Table.tsx';
import { Tabs } from '../components/Tabs.tsx';
import ui from '../components/ui.module.css';
import { When } from '../components/When.tsx';
import { type Category, useCatalogue, useOpenRounds } from '../features/games/queries.ts';
import { VendorCard } from '../features/games/VendorCard.tsx';

const CATEGORIES: Category[] = ['casino', 'slot', 'sport'];

const roundColumns = (t: TFunction): Column<OpenRound>[] => [
  { head: t('games.opened'), cell: (r) => <When value={r.openedAt} /> },
  { head: t('games.vendor'), cell: (r) => <span translate="no">{r.vendorCode}</span> },
  { head: t('games.game'), cell: (r) => <span translate="no">{r.gameCode}</span> },
  { head: t('games.round'), cell: (r) => <code translate="no">{r.roundId}</code> },
  { head: t('games.member'), cell: (r) => r.memberId },
  { head: t('games.bet'), numeric: true, cell: (r) => <Amount value={r.totalBet} currency={r.currency} /> },
];

/** The catalogue by category, and the rounds a provider has not finished. */
export default function GamesPage() {
  const { t } = useTranslation();
  const [category, setCategory] = useState<Category>('casino');
  const catalogue = useCatalogue(category);
  const rounds = useOpenRounds();
  return (
    <div className={ui.page}>
      <PageHead title={t('nav.games')} />
      <Tabs
        tabs={CATEGORIES.map((c) => ({ key: c, label: t(`games.category.${c}`) }))}
        value={category}
        onChange={setCategory}
      />
      <Outcome error={catalogue.error} />
      {catalogue.data?.vendors.length === 0 && <p className={ui.empty}>{t('games.noVendor')}</p>}
      {catalogue.data?.vendors.map((vendor) => (
        <VendorCard key={vendor.id} vendor={vendor} />
      ))}
      <Panel title={t('games.unfinished')}>
        <Table
          label={t('games.unfinished')}
          rows={rounds.data?.rounds}
          columns={roundColumns(t)}
          rowKey={(r) => r.id}
          empty={t('games.allSettled')}
        />
      </Panel>
    </div>
  );
}
