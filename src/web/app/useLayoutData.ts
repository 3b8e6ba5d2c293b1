import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../api/client.ts';
import { usePaymentOptions } from '../features/cashier/queries.ts';
import { useLatestHelp, useLatestNotices } from '../features/content/queries.ts';
import { useCasinoList, useSlotProviders } from '../features/games/queries.ts';
import { useSession } from '../features/session/queries.ts';

export const IN_GAME_BALANCE_KEY = ['in-game-balance'] as const;

export const useInGameBalance = (enabled: boolean) =>
  useQuery({
    queryKey: IN_GAME_BALANCE_KEY,
    queryFn: () => callRoute('get-in-game-balance', {}),
    enabled,
    refetchInterval: enabled ? 30_000 : false,
  });

/**
 * What the layout loads on every page (SPEC §1): the casino list, slot settings, in-game balance,
 * help list, notices and the payment options; the member-only ones once logged in. Pages then read
 * them from the query cache without a second request.
 */
export function useLayoutData() {
  const member = Boolean(useSession().data);
  useCasinoList();
  useSlotProviders();
  useLatestNotices();
  useLatestHelp(member);
  useInGameBalance(member);
  usePaymentOptions('deposit', member);
  usePaymentOptions('withdraw', member);
}
