import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from '../../api/client.ts';
import type { AccountRequest, SupportTicket } from '../../api/types.ts';

export function useTicketQueue() {
  return useQuery({
    queryKey: ['admin', 'support', 'tickets'],
    queryFn: () => adminGet<{ tickets: SupportTicket[] }>('/support/tickets', { kind: 'help' }),
    refetchInterval: 15_000,
  });
}

export function useAccountRequests() {
  return useQuery({
    queryKey: ['admin', 'support', 'account-requests'],
    queryFn: () => adminGet<{ requests: AccountRequest[] }>('/support/account-requests'),
    refetchInterval: 15_000,
  });
}

/** Answers a ticket or an account request; the queues and the badge refresh after. */
export function useAnswer(path: 'tickets' | 'account-requests') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: object }) =>
      adminPost(`/support/${path}/${id}/answer`, body),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ['admin', 'support'] });
      client.invalidateQueries({ queryKey: ['admin', 'pending-counts'] });
    },
  });
}
