import { useQuery } from '@tanstack/react-query';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { adminCall } from '../../api/client.ts';
import { useAdminMutation } from '../../api/mutation.ts';

const EVENTS = ['admin', 'sports', 'events'] as const;
const BETS = ['admin', 'sports', 'bets'] as const;
/** Liability and prices move while the desk looks: the list reloads by itself. */
const REFRESH_MS = 5_000;

export type EventFilter = 'all' | 'live' | 'scheduled' | 'ended' | 'postponed' | 'cancelled';

/** The desk's event search (server-side): what a trader types, sport, league, dates, page. */
export interface EventSearch {
  q?: string;
  sport?: string;
  competition?: string;
  from?: string;
  to?: string;
  page?: number;
}

export function useTradingEvents(filter: EventFilter, search: EventSearch = {}) {
  return useQuery({
    queryKey: [...EVENTS, filter, search],
    queryFn: () =>
      adminCall(api.sports.events, {
        query: { status: filter === 'all' ? undefined : filter, ...search, page: search.page ?? 1 },
      }),
    refetchInterval: REFRESH_MS,
    // Another page or search of the same tab keeps the list on screen while it loads; another tab does
    // not show the last tab's events as its own (it shows Loading… until its own arrive).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[EVENTS.length] === filter ? previous : undefined,
  });
}

export const useDeskFilters = () =>
  useQuery({ queryKey: [...EVENTS, 'filters'], queryFn: () => adminCall(api.sports.filters) });

export interface BetSearch {
  member?: string;
  event?: string;
  status?: string;
}

export function useTradingBets(search: BetSearch) {
  return useQuery({
    queryKey: [...BETS, search],
    queryFn: () => adminCall(api.sports.bets, { query: { ...search } }),
    refetchInterval: REFRESH_MS,
  });
}

const RECONCILIATION = ['admin', 'sports', 'reconciliation'] as const;

/** The reconciler's findings (the open ones, or all) and its counts; it runs with the housekeeping. */
export function useReconciliation(all: boolean) {
  return useQuery({
    queryKey: [...RECONCILIATION, all],
    queryFn: () => adminCall(api.sports.reconciliation, { query: { all: all ? 'y' : undefined } }),
    refetchInterval: REFRESH_MS,
  });
}

const PROPOSALS = ['admin', 'sports', 'proposals'] as const;

/** Desk actions on settled money waiting for a second operator (the book's `confirmResults`). */
export const useProposals = () =>
  useQuery({
    queryKey: PROPOSALS,
    queryFn: () => adminCall(api.sports.proposals),
    refetchInterval: REFRESH_MS,
  });

/**
 * Money moved by the desk may repair or raise a finding, and changes the dashboard's counts; a desk
 * step on settled money may have become a proposal instead.
 */
const refreshAll = [EVENTS, BETS, RECONCILIATION, PROPOSALS, ['admin', 'dashboard']] as const;
export const useEventState = () => useAdminMutation(api.sports.eventState, refreshAll);
export const useMarketStatus = () => useAdminMutation(api.sports.marketStatus, refreshAll);
export const usePrices = () => useAdminMutation(api.sports.prices, refreshAll);
export const useEnterResult = () => useAdminMutation(api.sports.enterResult, refreshAll);
export const useConfirmResult = () => useAdminMutation(api.sports.confirmResult, refreshAll);
export const useCorrectResult = () => useAdminMutation(api.sports.correctResult, refreshAll);
export const useRejectCorrection = () => useAdminMutation(api.sports.rejectCorrection, refreshAll);
export const useDismissFeed = () => useAdminMutation(api.sports.dismissFeedDisagreement, refreshAll);
export const useUnsettleMarket = () => useAdminMutation(api.sports.unsettleMarket, refreshAll);
export const useBetAction = () => useAdminMutation(api.sports.betAction, refreshAll);
export const useCancelWindow = () => useAdminMutation(api.sports.cancelWindow, refreshAll);
export const useCreateEvent = () => useAdminMutation(api.sports.createEvent, refreshAll);
export const useCreateMarket = () => useAdminMutation(api.sports.createMarket, refreshAll);
export const useSuspendEvent = () => useAdminMutation(api.sports.suspendEvent, refreshAll);
export const useEventResult = () => useAdminMutation(api.sports.eventResult, refreshAll);
export const useResolveFinding = () => useAdminMutation(api.sports.resolveFinding, refreshAll);
export const useConfirmProposal = () => useAdminMutation(api.sports.confirmProposal, refreshAll);
export const useRejectProposal = () => useAdminMutation(api.sports.rejectProposal, refreshAll);

const DESK = ['admin', 'sports', 'desk'] as const;
export const useFeedSources = () =>
  useQuery({
    queryKey: [...DESK, 'feed'],
    queryFn: () => adminCall(api.sports.feedStatus),
    refetchInterval: REFRESH_MS,
  });
export const useBookSettings = () =>
  useQuery({ queryKey: [...DESK, 'settings'], queryFn: () => adminCall(api.sports.settings) });
export const useImportFeed = () => useAdminMutation(api.sports.importFeed, [EVENTS, DESK]);
export const useSaveBookSettings = () => useAdminMutation(api.sports.saveSettings, [DESK]);

const LIMITS = ['admin', 'sports', 'limits'] as const;
/** The book's limits in one currency, and the site currencies a limit can be in. */
export const useDeskLimits = (currency: string | undefined) =>
  useQuery({
    queryKey: [...LIMITS, currency ?? ''],
    queryFn: () => adminCall(api.sports.limits, { query: { currency } }),
  });
export const useSaveLimit = () => useAdminMutation(api.sports.saveLimit, [LIMITS]);
export const useRemoveLimit = () => useAdminMutation(api.sports.removeLimit, [LIMITS]);

const RISK = ['admin', 'sports', 'risk'] as const;
/** The book's liability per event, market and selection, per currency, and the biggest exposures. */
export const useRisk = (currency: string | undefined) =>
  useQuery({
    queryKey: [...RISK, currency ?? ''],
    queryFn: () => adminCall(api.sports.risk, { query: { currency } }),
    refetchInterval: REFRESH_MS,
  });
