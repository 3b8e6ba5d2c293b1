import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminEndpoint } from '../../shared/contract/admin/endpoint.ts';
import { adminSend, type CallInput } from './client.ts';

/**
 * A change through one endpoint of the admin contract, its input and reply typed from it; the
 * queries under each `refresh` key reload after it succeeds, so what shows is what was stored.
 */
export function useAdminMutation<E extends AdminEndpoint>(endpoint: E, refresh: readonly QueryKey[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<E>) => adminSend(endpoint, input),
    onSuccess: () => {
      for (const queryKey of refresh) client.invalidateQueries({ queryKey });
    },
  });
}
