import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { adminCall } from '../../api/client.ts';
import { useMay } from './queries.ts';

const PENDING_KEY = ['admin', 'pending-counts'] as const;
/** The poll is only the fallback: the counts arrive pushed (/api/admin/live) as soon as they change. */
const FALLBACK_POLL_MS = 60_000;

/** Requests and tickets waiting for an operator, pushed over Server-Sent Events, polled as a fallback. */
export function usePendingCounts() {
  const may = useMay('dashboard.view');
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!may || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/admin/live');
    source.addEventListener('pending', (event) => {
      queryClient.setQueryData(PENDING_KEY, {
        status: 'success',
        ...JSON.parse((event as MessageEvent<string>).data),
      });
    });
    source.addEventListener('end', () => source.close());
    return () => source.close();
  }, [may, queryClient]);
  return useQuery({
    queryKey: PENDING_KEY,
    queryFn: () => adminCall(api.dashboard.pendingCounts),
    enabled: may,
    refetchInterval: FALLBACK_POLL_MS,
  });
}
