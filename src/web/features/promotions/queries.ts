import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RouteReply } from '../../../shared/contract/routes.ts';
import { callRoute } from '../../api/client.ts';

export type Offer = RouteReply<'list-promotions'>['list'][number];
export type MyBonuses = RouteReply<'get-my-bonuses'>;
export type Bonus = MyBonuses['history'][number];
export type Vip = RouteReply<'get-vip-progress'>['vip'];

export const OFFERS_KEY = ['promotions', 'offers'] as const;
export const MY_BONUSES_KEY = ['promotions', 'mine'] as const;

/** The offers open to the member; keyed by language, since their terms come back in it. */
export function useOffers(enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...OFFERS_KEY, i18n.language],
    enabled,
    queryFn: async () => (await callRoute('list-promotions', {})).list,
  });
}

/** The member's VIP level and progress; it follows play as the bonus progress does. */
export const useVipProgress = () =>
  useQuery({
    queryKey: ['promotions', 'vip'],
    queryFn: async () => (await callRoute('get-vip-progress', {})).vip,
    refetchInterval: 30_000,
  });

/** While a bonus is wagering, its progress follows play (the member may play in another window). */
const PROGRESS_REFRESH_MS = 5_000;

/** The active bonus with its exact wagering progress, and the history; `followPlay` refreshes it. */
export const useMyBonuses = (followPlay = false) =>
  useQuery({
    queryKey: MY_BONUSES_KEY,
    queryFn: () => callRoute('get-my-bonuses', {}),
    refetchInterval: (query) => (followPlay && query.state.data?.active ? PROGRESS_REFRESH_MS : false),
  });

/** After a claim, a conversion, a deposit or a withdrawal: balances, offers and bonuses change together. */
export function useRefreshPromotions() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['promotions'] }),
      queryClient.invalidateQueries({ queryKey: ['session'] }),
    ]);
}
