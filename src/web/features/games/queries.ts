import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../api/client.ts';

/** The home page's first tiles: main.tsx starts this while the language files load. */
export const casinoListQuery = {
  queryKey: ['casino'],
  queryFn: async () => (await callRoute('get-casino-setting', {})).casiono,
};

export const useCasinoList = () => useQuery(casinoListQuery);

export const useSlotProviders = () =>
  useQuery({ queryKey: ['slot'], queryFn: async () => (await callRoute('get-slot-setting', {})).slot });

export const useSportProviders = () =>
  useQuery({ queryKey: ['sport'], queryFn: async () => (await callRoute('get-sport-setting', {})).sport });

export const useSlotGames = (company: string | null) =>
  useQuery({
    queryKey: ['slot-games', company],
    queryFn: async () => (await callRoute('get-slot-by-company', { company: company ?? '' })).games,
    enabled: company !== null,
  });
