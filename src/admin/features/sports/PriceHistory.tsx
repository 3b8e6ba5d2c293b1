import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminReply } from '../../../shared/contract/admin/endpoint.ts';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { adminCall } from '../../api/client.ts';
import { type Column, Table } from '../../components/Table.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';

type Change = AdminReply<typeof api.sports.priceHistory>['prices'][number];

/** A selection's price changes on the desk, newest first, 20 a page ("Older" pages back, from the feed and the desk). */
export function PriceHistory({ selectionId, name }: { selectionId: number; name: string }) {
  const { t } = useTranslation();
  const [pages, setPages] = useState<number[]>([]);
  const before = pages.at(-1);
  const page = useQuery({
    queryKey: ['admin', 'sports', 'prices', selectionId, before],
    queryFn: () => adminCall(api.sports.priceHistory, { params: { id: selectionId }, query: { before } }),
  }).data;
  const columns: Column<Change>[] = [
    { head: t('trading.priceHistory.at'), cell: (c) => <When value={c.at} /> },
    { head: t('trading.priceHistory.price'), cell: (c) => <strong>{c.price}</strong> },
    { head: t('trading.priceHistory.source'), cell: (c) => t(`trading.priceHistory.sources.${c.source}`) },
  ];
  const title = t('trading.priceHistory.title', { name });
  return (
    <section aria-label={title} data-testid="price-history">
      <h4>{title}</h4>
      <Table
        label={title}
        rows={page?.prices}
        columns={columns}
        rowKey={(c) => c.id}
        empty={t('trading.priceHistory.none')}
      />
      <div className={ui.row}>
        {pages.length > 0 && (
          <Button variant="ghost" className={ui.small} onClick={() => setPages(pages.slice(0, -1))}>
            {t('trading.priceHistory.newer')}
          </Button>
        )}
        {page?.next && (
          <Button variant="ghost" className={ui.small} onClick={() => setPages([...pages, page.next!])}>
            {t('trading.priceHistory.more')}
          </Button>
        )}
      </div>
    </section>
  );
}
