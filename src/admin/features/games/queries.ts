import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from '../../api/client.ts';
import type { AdminVendor, OpenRound } from '../../api/types.ts';

export type Category = 'casino' | 'slot' | 'sport';

export function useCatalogue(category: Category) {
  return useQuery({
    queryKey: ['admin', 'games', category],
    queryFn: () => adminGet<{ vendors: AdminVendor[] }>('/games', { category }),
  });
}

export function useOpenRounds() {
  return useQuery({
    queryKey: ['admin', 'games', 'open-rounds'],
    queryFn: () => adminGet<{ rounds: OpenRound[] }>('/games/open-rounds'),
  });
}

/** Changes a vendor (by code) or a game (by id); the catalogue reloads after. */
export function useCatalogueChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, patch }: { path: string; patch: object }) => adminPost(`/games/${path}`, patch),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'games'] }),
  });
}
