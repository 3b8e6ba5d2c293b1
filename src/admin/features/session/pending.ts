import { useQuery } from '@tanstack/react-query';
import { adminGet } from '../../api/client.ts';
import { useMay } from './queries.ts';

interface PendingCounts {
  deposits: number;
  withdrawals: number;
  tickets: number;
}

/** Requests and tickets waiting for an operator, refreshed by itself every 15 s. */
export function usePendingCounts() {
  const may = useMay('dashboard.view');
  return useQuery({
    queryKey: ['admin', 'pending-counts'],
    queryFn: () => adminGet<PendingCounts>('/pending-counts'),
    enabled: may,
    refetchInterval: 15_000,
  });
}
