import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { adminCall, type CallInput } from '../../api/client.ts';

export function useTicketQueue() {
  return useQuery({
    queryKey: ['admin', 'support', 'tickets'],
    queryFn: () => adminCall(api.support.tickets, { query: { kind: 'help' } }),
    refetchInterval: 15_000,
  });
}

export function useAccountRequests() {
  return useQuery({
    queryKey: ['admin', 'support', 'account-requests'],
    queryFn: () => adminCall(api.support.accountRequests),
    refetchInterval: 15_000,
  });
}

function refreshQueues(client: ReturnType<typeof useQueryClient>) {
  client.invalidateQueries({ queryKey: ['admin', 'support'] });
  client.invalidateQueries({ queryKey: ['admin', 'pending-counts'] });
}

/** Answers a help ticket; the queues and the badge refresh after. */
export function useTicketAnswer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CallInput<typeof api.support.answerTicket>['body'] }) =>
      adminCall(api.support.answerTicket, { params: { id }, body }),
    onSuccess: () => refreshQueues(client),
  });
}

/** Answers an account request with the deposit account; the queues and the badge refresh after. */
export function useAccountAnswer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: number;
      body: CallInput<typeof api.support.answerAccountRequest>['body'];
    }) => adminCall(api.support.answerAccountRequest, { params: { id }, body }),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ['admin', 'support'] });
      client.invalidateQueries({ queryKey: ['admin', 'pending-counts'] });
    },
  });
}
