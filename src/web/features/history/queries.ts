import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { nextDay, startOfDayIn } from '../../../shared/zoned-time.ts';
import { callRoute } from '../../api/client.ts';
import { siteZone } from '../site/site-zone.ts';

export const HISTORY_PAGE_SIZE = 20;

/** What the member filters a history by: a date range (local days, inclusive) and a kind. */
export interface HistoryFilter {
  from: string;
  to: string;
  kind: string;
}

export const NO_FILTER: HistoryFilter = { from: '', to: '', kind: '' };

/**
 * The site's days (in its time zone, not the browser's) as the instants the API takes: `from` at its
 * start, `to` up to the end of its day.
 */
export function rangeOf(filter: HistoryFilter): { from?: string; to?: string } {
  const range: { from?: string; to?: string } = {};
  const zone = siteZone() ?? 'UTC';
  if (filter.from) range.from = startOfDayIn(filter.from, zone)?.toISOString();
  if (filter.to) range.to = startOfDayIn(nextDay(filter.to), zone)?.toISOString();
  return range;
}

/** A history page's request: its size, the filter's days and where the previous page ended. */
type PageRequest = { pageSize: number; from?: string; to?: string; before?: number };

/**
 * A history: the member's filter and its pages, newest first, each asked with `ask` (older ones on
 * request), with the rows of the pages so far.
 */
function useHistory<Row>(
  key: string,
  ask: (request: PageRequest, filter: HistoryFilter) => Promise<{ list: Row[]; next?: number | null }>,
) {
  const [filter, setFilter] = useState(NO_FILTER);
  const pages = useInfiniteQuery({
    queryKey: [key, filter],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      ask(
        { pageSize: HISTORY_PAGE_SIZE, ...rangeOf(filter), ...(pageParam ? { before: pageParam } : {}) },
        filter,
      ),
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const rows = pages.data?.pages.flatMap((p) => p.list) ?? [];
  return { filter, setFilter, pages, rows };
}

/** What HistorySection shows of a history. */
export type History = ReturnType<typeof useHistory>;

export const useStatement = () =>
  useHistory('statement', (request, filter) =>
    callRoute('get-user-statement', {
      ...request,
      ...(filter.kind ? { kind: filter.kind as 'deposit' } : {}),
    }),
  );

export const useBets = () =>
  useHistory('bets', (request, filter) =>
    callRoute('get-slot-bets-list', { ...request, ...(filter.kind ? { kind: filter.kind as 'slot' } : {}) }),
  );
