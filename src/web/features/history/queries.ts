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

export function useStatementPages(filter: HistoryFilter) {
  return useInfiniteQuery({
    queryKey: ['statement', filter],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      callRoute('get-user-statement', {
        pageSize: HISTORY_PAGE_SIZE,
        ...rangeOf(filter),
        ...(filter.kind ? { kind: filter.kind as 'deposit' } : {}),
        ...(pageParam ? { before: pageParam } : {}),
      }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

export function useBetPages(filter: HistoryFilter) {
  return useInfiniteQuery({
    queryKey: ['bets', filter],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      callRoute('get-slot-bets-list', {
        pageSize: HISTORY_PAGE_SIZE,
        ...rangeOf(filter),
        ...(filter.kind ? { kind: filter.kind as 'slot' } : {}),
        ...(pageParam ? { before: pageParam } : {}),
      }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
}
