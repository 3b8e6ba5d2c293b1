import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { adminCall, type CallInput } from '../../api/client.ts';

export type Category = 'casino' | 'slot' | 'sport';

export function useCatalogue(category: Category) {
  return useQuery({
    queryKey: ['admin', 'games', category],
    queryFn: () => adminCall(api.games.catalogue, { query: { category } }),
  });
}

export function useOpenRounds() {
  return useQuery({
    queryKey: ['admin', 'games', 'open-rounds'],
    queryFn: () => adminCall(api.games.openRounds),
  });
}

export type CatalogueChange =
  | { vendor: string; game?: undefined; patch: CallInput<typeof api.games.updateVendor>['body'] }
  | { vendor?: undefined; game: number; patch: CallInput<typeof api.games.updateGame>['body'] };

/** Changes a vendor (by code) or a game (by id); the catalogue reloads after. */
export function useCatalogueChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: CatalogueChange): Promise<unknown> =>
      change.vendor !== undefined
        ? adminCall(api.games.updateVendor, { params: { code: change.vendor }, body: change.patch })
        : adminCall(api.games.updateGame, { params: { id: change.game }, body: change.patch }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'games'] }),
  });
}
