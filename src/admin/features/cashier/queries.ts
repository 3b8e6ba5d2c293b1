import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from '../../api/client.ts';
import type { PendingRequest } from '../../api/types.ts';

const QUEUE = ['admin', 'cashier', 'pending'] as const;

/** The cashier queue, refreshed by itself so two desks see each other's decisions. */
export function useCashierQueue() {
  return useQuery({
    queryKey: QUEUE,
    queryFn: () => adminGet<{ requests: PendingRequest[] }>('/cashier/pending'),
    refetchInterval: 15_000,
  });
}

export function useDecision(onError: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    onError,
    mutationFn: (input: { kind: 'deposit' | 'withdraw'; id: number; approve: boolean; reason?: string }) =>
      adminPost(`/cashier/${input.kind}/${input.id}/${input.approve ? 'approve' : 'reject'}`, {
        reason: input.reason,
      }),
    // Whoever won, the queue and the badge must show the request's real state now.
    onSettled: () => {
      client.invalidateQueries({ queryKey: QUEUE });
      client.invalidateQueries({ queryKey: ['admin', 'pending-counts'] });
    },
  });
}
