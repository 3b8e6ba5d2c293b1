import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../api/client.ts';

export const useCasinoList = () =>
  useQuery({
    queryKey: ['casino'],
    queryFn: async () => (await callRoute('get-casino-setting', {})).casiono,
  });

export const useSlotProviders = () =>
  useQuery({ queryKey: ['slot'], queryFn: async () => (await callRoute('get-slot-setting', {})).slot });

export const useSlotGames = (company: string | null) =>
  useQuery({
    queryKey: ['slot-games', company],
    queryFn: async () => (await callRoute('get-slot-by-company', { company: company ?? '' })).games,
    enabled: company !== null,
  });
