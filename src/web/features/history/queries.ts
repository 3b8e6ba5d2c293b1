import { useInfiniteQuery } from '@tanstack/react-query';
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

/** A history's pages, newest first, each asked with `ask` (older ones on request). */
function useHistoryPages<Page extends { next?: number | null }>(
  key: string,
  filter: HistoryFilter,
  ask: (request: PageRequest) => Promise<Page>,
) {
  return useInfiniteQuery({
    queryKey: [key, filter],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      ask({ pageSize: HISTORY_PAGE_SIZE, ...rangeOf(filter), ...(pageParam ? { before: pageParam } : {}) }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

export const useStatementPages = (filter: HistoryFilter) =>
  useHistoryPages('statement', filter, (request) =>
    callRoute('get-user-statement', {
      ...request,
      ...(filter.kind ? { kind: filter.kind as 'deposit' } : {}),
    }),
  );

export const useBetPages = (filter: HistoryFilter) =>
  useHistoryPages('bets', filter, (request) =>
    callRoute('get-slot-bets-list', { ...request, ...(filter.kind ? { kind: filter.kind as 'slot' } : {}) }),
  );
