import { type MACHINES, machineOf } from '../../../shared/games/machines/index.ts';

/** What the page recomputes: one of the slot machines, baccarat, roulette or blackjack. */
export type Game = keyof typeof MACHINES | 'baccarat' | 'roulette' | 'blackjack';
export const TABLE_GAMES = ['baccarat', 'roulette', 'blackjack'] as const;
export const GAME_TITLES: Partial<Record<Game, string>> = {
  'golden-dragon': 'Golden Dragon',
  'fruit-fiesta': 'Fruit Fiesta',
  'lucky-sevens': 'Lucky Sevens',
};

/** Any built-in game code (or the older `engine=baccarat`) to what the page recomputes. */
export function verifyGameOf(code: string | null, engine?: string | null): Game {
  if (engine === 'baccarat' || code === 'baccarat' || code?.startsWith('baccarat-')) return 'baccarat';
  if (engine === 'roulette' || code === 'roulette') return 'roulette';
  if (engine === 'blackjack' || code === 'blackjack') return 'blackjack';
  if (!code && engine !== 'slot') return 'classic';
  return machineOf(code ?? 'classic').code;
}
