import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../api/client.ts';

export type Kind = 'deposit' | 'withdraw';

export const useRequestList = (kind: Kind) =>
  useQuery({
    queryKey: ['cash-requests', kind],
    queryFn: () =>
      callRoute(kind === 'deposit' ? 'get-deposit-list' : 'get-withdraw-list', { page: 1, pageSize: 10 }),
  });

/** Where a kind's payment options are kept (the home page's shell seeds a member's). */
export const paymentOptionsKey = (kind: Kind) => ['payments', kind] as const;

export const usePaymentOptions = (kind: Kind, enabled = true) =>
  useQuery({
    queryKey: paymentOptionsKey(kind),
    enabled,
    queryFn: async () =>
      (await callRoute(kind === 'deposit' ? 'get-deposit-payment' : 'get-withdrawal-payment', {})).payments,
  });

export const useDeskState = (kind: Kind) =>
  useQuery({
    queryKey: ['desk', kind],
    queryFn: () =>
      callRoute(kind === 'deposit' ? 'get-balance-deposit-lock' : 'get-balance-withdraw-lock', {}),
  });

export function useHideRequest(kind: Kind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callRoute(kind === 'deposit' ? 'user-del-deposit' : 'user-del-withdraw', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cash-requests', kind] }),
  });
}
