import { useState } from 'react';
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

const CATEGORIES: { key: Category; label: string }[] = [
  { key: 'casino', label: 'Casino' },
  { key: 'slot', label: 'Slot' },
  { key: 'sport', label: 'Sport' },
];

const ROUND_COLUMNS: Column<OpenRound>[] = [
  { head: 'Opened', cell: (r) => <When value={r.openedAt} /> },
  { head: 'Vendor', cell: (r) => r.vendorCode },
  { head: 'Game', cell: (r) => r.gameCode },
  { head: 'Round', cell: (r) => <code>{r.roundId}</code> },
  { head: 'Member', cell: (r) => r.memberId },
  { head: 'Bet', numeric: true, cell: (r) => <Amount value={r.totalBet} /> },
];

/** The catalogue by category, and the rounds a provider has not finished. */
export default function GamesPage() {
  const [category, setCategory] = useState<Category>('casino');
  const catalogue = useCatalogue(category);
  const rounds = useOpenRounds();
  return (
    <div className={ui.page}>
      <PageHead title="Games" />
      <Tabs tabs={CATEGORIES} value={category} onChange={setCategory} />
      <Outcome error={catalogue.error} />
      {catalogue.data?.vendors.length === 0 && <p className={ui.empty}>No vendor in this category.</p>}
      {catalogue.data?.vendors.map((vendor) => (
        <VendorCard key={vendor.id} vendor={vendor} />
      ))}
      <Panel title="Unfinished rounds">
        <Table
          label="Unfinished rounds"
          rows={rounds.data?.rounds}
          columns={ROUND_COLUMNS}
          rowKey={(r) => r.id}
          empty="Every round is settled."
        />
      </Panel>
    </div>
  );
}
