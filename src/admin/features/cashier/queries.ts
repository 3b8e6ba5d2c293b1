import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { adminCall } from '../../api/client.ts';

const QUEUE = ['admin', 'cashier', 'pending'] as const;

/** One kind's queue (its oldest 100) and how many of each kind wait, refreshed by itself so two desks see each other's decisions. */
export function useCashierQueue(kind: 'deposit' | 'withdraw') {
  return useQuery({
    queryKey: [...QUEUE, kind],
    queryFn: () => adminCall(api.cashier.pending, { query: { kind } }),
    refetchInterval: 15_000,
  });
}

export function useDecision(onError: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    onError,
    mutationFn: (input: { kind: 'deposit' | 'withdraw'; id: number; approve: boolean; reason?: string }) =>
      adminCall(api.cashier.decide, {
        params: { kind: input.kind, id: input.id, decision: input.approve ? 'approve' : 'reject' },
        body: { reason: input.reason },
      }),
    // Whoever won, the queue and the badge must show the request's real state now.
    onSettled: () => {
      client.invalidateQueries({ queryKey: QUEUE });
      client.invalidateQueries({ queryKey: ['admin', 'pending-counts'] });
    },
  });
}
