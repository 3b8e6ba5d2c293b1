import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from '../../api/client.ts';
import type { LevelRow, PaymentOption, SiteView } from '../../api/types.ts';

export function useSites() {
  return useQuery({
    queryKey: ['admin', 'settings', 'sites'],
    queryFn: () => adminGet<{ sites: SiteView[] }>('/settings/sites'),
  });
}

export function useLevels(siteId: number) {
  return useQuery({
    queryKey: ['admin', 'settings', 'levels', siteId],
    queryFn: () => adminGet<{ levels: LevelRow[] }>(`/settings/sites/${siteId}/levels`),
  });
}

export function usePaymentOptions(siteId: number) {
  return useQuery({
    queryKey: ['admin', 'settings', 'payment-options', siteId],
    queryFn: () =>
      adminGet<{ options: PaymentOption[]; providers: string[] }>('/settings/payment-options', { siteId }),
  });
}

/** Any settings change; every settings view reloads after, so what shows is what was stored. */
export function useSettingsChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body: object }) => adminPost(`/settings/${path}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'settings'] }),
  });
}
