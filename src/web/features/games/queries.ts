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

/** Every enabled game of every enabled vendor (the lobby's list; the home page's slot tab takes the slots). */
export const useGameList = (enabled = true) =>
  useQuery({
    queryKey: ['game-list'],
    queryFn: async () => (await callRoute('get-game-list', {})).games,
    enabled,
  });

export const useSlotGames = (company: string | null) =>
  useQuery({
    queryKey: ['slot-games', company],
    queryFn: async () => (await callRoute('get-slot-by-company', { company: company ?? '' })).games,
    enabled: company !== null,
  });

export const useSportVendors = () =>
  useQuery({
    queryKey: ['sport-vendors'],
    queryFn: async () => (await callRoute('get-sport-setting', {})).sport,
  });

/**
 * The sport vendors (get-sport-setting), each with the game its tile opens (its first, the book's
 * window): what the home page's sports tab and the phone's left sidebar launch through open-game.
 */
export const useSportEntries = (enabled = true) =>
  useQuery({
    queryKey: ['sport'],
    enabled,
    queryFn: async () => {
      const vendors = (await callRoute('get-sport-setting', {})).sport;
      return Promise.all(
        vendors.map(async (v) => {
          const games =
            v.used === 'y' ? (await callRoute('get-slot-by-company', { company: v.code })).games : [];
          return { ...v, gameCompany: v.code, code: games[0]?.code ?? v.code };
        }),
      );
    },
  });
