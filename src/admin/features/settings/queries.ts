import { useQuery } from '@tanstack/react-query';
import type { AdminEndpoint } from '../../../shared/contract/admin/endpoint.ts';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { adminCall } from '../../api/client.ts';
import { useAdminMutation } from '../../api/mutation.ts';

export function useSites() {
  return useQuery({
    queryKey: ['admin', 'settings', 'sites'],
    queryFn: () => adminCall(api.sites.list),
  });
}

export function useLevels(siteId: number) {
  return useQuery({
    queryKey: ['admin', 'settings', 'levels', siteId],
    queryFn: () => adminCall(api.sites.levels, { params: { id: siteId } }),
  });
}

export function usePaymentOptions(siteId: number) {
  return useQuery({
    queryKey: ['admin', 'settings', 'payment-options', siteId],
    queryFn: () => adminCall(api.paymentOptions.list, { query: { siteId } }),
  });
}

/** A settings change through one endpoint; every settings view reloads after. */
export const useSettingsChange = <E extends AdminEndpoint>(endpoint: E) =>
  useAdminMutation(endpoint, [['admin', 'settings']]);
